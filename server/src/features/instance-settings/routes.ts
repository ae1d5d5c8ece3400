import { Elysia, t } from 'elysia';
import { REGISTRATION_MODES } from '@wishwell/shared/instance-settings-types';
import type { AccessPolicies } from '../../access-policies';
import { oneOf } from '../../validation/schemas';
import type { InstanceSettingsService } from './service';
import type { SignupInvitations } from '../users/signup-invitations';
import type { TestMail } from './test-mail';

const settingsBody = t.Object({
  registration: t.Optional(oneOf(REGISTRATION_MODES, 'signUps')),
  defaultLanguage: t.Optional(t.String({ maxLength: 10 })),
  defaultCurrency: t.Optional(t.String({ maxLength: 10 })),
  publicUrl: t.Optional(t.String({ maxLength: 2048 })),
  smtp: t.Optional(
    t.Object({
      host: t.String({ maxLength: 253 }),
      port: t.Integer(),
      user: t.String({ maxLength: 254 }),
      password: t.Optional(t.String({ maxLength: 1000 })),
      from: t.String({ maxLength: 320 }),
      tls: t.Boolean(),
    }),
  ),
});

/** GET/PUT /admin/settings, POST /admin/settings/test-mail (admins). */
export function instanceSettingsRoutes(policies: AccessPolicies, settings: InstanceSettingsService, testMail: TestMail, signupInvitations: SignupInvitations) {
  return new Elysia()
    .use(policies)
    .get('/admin/settings', () => settings.view(), { adminOnly: true })
    .put('/admin/settings', ({ body }) => settings.update(body), { adminOnly: true, body: settingsBody })
    .post('/admin/settings/test-mail', ({ user, http }) => testMail.send(user, http.language, http.origin), { adminOnly: true })
    .post('/admin/signup-invitations', ({ user, http }) => signupInvitations.create(user.id, http.origin), { adminOnly: true });
}
