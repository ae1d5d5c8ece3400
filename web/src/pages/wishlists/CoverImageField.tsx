import { useState } from 'react';
import { Button, FileInput, FormGroup } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { IMAGE_UPLOAD_LIMIT_BYTES } from '@wishwell/shared/constants';
import { api } from '../../api/client';
import { notify } from '../../notifications/notify';
import { useAsyncAction } from '../../ui/use-async-action';

/** Cover upload (POST /upload, field `image`); null means the theme's default cover. */
export function CoverImageField({ value, defaultCover, onChange }: { value: string | null; defaultCover: string; onChange: (url: string | null) => void }) {
  const { t } = useTranslation();
  const { busy: uploading, run } = useAsyncAction();
  const [fileName, setFileName] = useState('');

  const upload = async (file: File) => {
    if (file.size > IMAGE_UPLOAD_LIMIT_BYTES) {
      notify(t('cover.tooLarge'), 'error');
      return;
    }
    await run(async () => {
      const uploaded = await api.post('/upload', { body: { image: file } });
      setFileName(file.name);
      onChange(uploaded.url);
    }, { success: t('cover.uploaded'), failure: t('cover.uploadFailed') });
  };

  return (
    <FormGroup label={t('cover.label')} labelFor="cover-image" helperText={t('cover.help')}>
      <div className="ww-cover-field">
        <img className="ww-cover-preview" src={value ?? defaultCover} alt={t('cover.preview')} />
        <div className="ww-cover-field-actions">
          <FileInput
            inputProps={{ id: 'cover-image', accept: 'image/jpeg,image/png,image/webp,image/gif' }}
            text={uploading ? t('cover.uploading') : fileName || t('cover.choose')}
            buttonText={t('cover.browse')}
            disabled={uploading}
            onInputChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void upload(file);
            }}
          />
          {value && <Button variant="minimal" text={t('cover.useTheme')} onClick={() => onChange(null)} />}
        </div>
      </div>
    </FormGroup>
  );
}
