import type { ServerCatalogue } from '../texts';

export default {
  mail: {
    hello: 'Bonjour {{name}},',
    helloAnyone: 'Bonjour,',
    reset: {
      subject: 'Réinitialisez votre mot de passe {{company}}',
      body: 'Quelqu’un, vous sans doute, a demandé à réinitialiser le mot de passe de votre compte {{company}}. Ouvrez ce lien dans l’heure pour choisir un nouveau mot de passe :',
      ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
    },
    invitation: {
      subject: '{{inviter}} vous invite à modifier la liste « {{list}} »',
      body: '{{inviter}} vous invite à l’aider à tenir la liste « {{list}} » sur {{company}}. Ouvrez ce lien dans les 7 jours pour accepter ; vous pourrez vous y connecter ou créer un compte :',
      ignore: 'Si vous ne vous attendiez pas à ce message, ignorez-le.',
    },
    share: {
      subject: '{{sender}} a partagé une liste avec vous : {{list}}',
      body: '{{sender}} a partagé la liste « {{list}} » avec vous.',
      open: 'Ouvrez-la ici : {{link}}',
    },
    claim: {
      subject: 'Vous avez réservé « {{title}} »',
      reservedOne: 'Vous avez réservé « {{title}} » sur la liste « {{list}} ».',
      reservedUnits: 'Vous avez réservé {{count}} × « {{title}} » sur la liste « {{list}} ».',
      reservedPledge: 'Vous participez à hauteur de {{amount}} pour « {{title}} » sur la liste « {{list}} ».',
      manage: 'Pour changer ce que vous offrez, ou pour annuler, ouvrez ce lien (gardez-le pour vous : toute personne qui l’a peut modifier votre réservation) :',
    },
    relisted: {
      subject: '« {{title}} » est de nouveau souhaité',
      body: 'La liste « {{list}} » propose de nouveau « {{title}} » : votre réservation a donc été retirée.',
      markAgain: 'Si vous comptez toujours l’offrir, réservez-le de nouveau ici : {{link}}',
    },
    reveal: {
      subject: 'Vos cadeaux sont dévoilés',
      body: 'La surprise de votre liste « {{list}} » est terminée : vous pouvez maintenant voir ce que vos invités ont réservé.',
    },
  },
} satisfies ServerCatalogue;
