import { useState } from 'react';
import { Button, FileInput, FormGroup } from '@blueprintjs/core';
import { IMAGE_UPLOAD_LIMIT_BYTES } from '@wishwell/shared/constants';
import type { UploadedImage } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';
import { notify } from '../../notifications/notify';
import { useAsyncAction } from '../../ui/use-async-action';

const TOO_LARGE = 'Image cannot be larger than 10MB';

/** Cover upload (POST /upload, field `image`); null means the theme's default cover. */
export function CoverImageField({ value, defaultCover, onChange }: { value: string | null; defaultCover: string; onChange: (url: string | null) => void }) {
  const { busy: uploading, run } = useAsyncAction();
  const [fileName, setFileName] = useState('');

  const upload = async (file: File) => {
    if (file.size > IMAGE_UPLOAD_LIMIT_BYTES) {
      notify(TOO_LARGE, 'error');
      return;
    }
    const form = new FormData();
    form.append('image', file);
    await run(async () => {
      const uploaded = await api.post<UploadedImage>('/upload', form);
      setFileName(file.name);
      onChange(uploaded.url);
    }, { success: 'Image uploaded successfully', failure: 'Image upload failed' });
  };

  return (
    <FormGroup label="Cover image" labelFor="cover-image" helperText="JPEG, PNG, WebP or GIF, up to 10MB. Without one, the theme's cover is used.">
      <div className="ww-cover-field">
        <img className="ww-cover-preview" src={value ?? defaultCover} alt="Cover preview" />
        <div className="ww-cover-field-actions">
          <FileInput
            inputProps={{ id: 'cover-image', accept: 'image/jpeg,image/png,image/webp,image/gif' }}
            text={uploading ? 'Uploading…' : fileName || 'Choose image…'}
            buttonText="Browse"
            disabled={uploading}
            onInputChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void upload(file);
            }}
          />
          {value && <Button variant="minimal" text="Use theme cover" onClick={() => onChange(null)} />}
        </div>
      </div>
    </FormGroup>
  );
}
