import { useMemo, useState } from 'react';
import { Button, Callout, Card, H4, ProgressBar } from '@blueprintjs/core';
import { RESTORE_RELOAD_DELAY_MS } from '@wishwell/shared/constants';
import { errorMessage } from '../api/client';
import { ConfirmDeleteAlert } from '../ui/ConfirmDeleteAlert';
import { useAdminText } from './admin-text';
import { AdminPageHeader } from './AdminPageHeader';
import { getPlatformBridge, type RestoreFile, type TransferProgress } from './platform-bridge';
import './admin.css';

/**
 * /admin/backup-restore: download a backup, restore one. Saving and choosing files go through
 * the PlatformBridge: the desktop app's native dialogs, or a download link and file input.
 */
export function BackupRestorePage() {
  const t = useAdminText();
  const bridge = useMemo(getPlatformBridge, []);
  const [backupProgress, setBackupProgress] = useState<TransferProgress | null>(null);
  const [file, setFile] = useState<RestoreFile | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restoreProgress, setRestoreProgress] = useState<TransferProgress | null>(null);

  const downloadBackup = async () => {
    setBackupProgress({ loaded: 0, total: null });
    try {
      if (await bridge.saveBackup(setBackupProgress)) bridge.notify(t('backup.downloaded'), 'success');
    } catch (error) {
      console.error('Backup failed', error);
      bridge.notify(t('backup.failed'), 'error');
    } finally {
      setBackupProgress(null);
    }
  };

  const chooseFile = async () => {
    const picked = await bridge.pickRestoreFile();
    if (picked) setFile(picked);
  };

  const askToRestore = () => {
    if (file) setConfirming(true);
    else bridge.notify(t('backup.selectFile'), 'warning');
  };

  const restore = async () => {
    setConfirming(false);
    if (!file) return;
    setRestoreProgress({ loaded: 0, total: file.size });
    try {
      await bridge.uploadRestoreFile(file, setRestoreProgress);
      bridge.notify(t('backup.restoreStarted'), 'success');
      setTimeout(() => window.location.reload(), RESTORE_RELOAD_DELAY_MS);
    } catch (error) {
      bridge.notify(errorMessage(error, t('backup.restoreFailed')), 'error');
      setRestoreProgress(null);
    }
  };

  return (
    <>
      <AdminPageHeader title={t('pages.backupRestore')} />
      <div className="ww-admin-backup">
        <Card>
          <H4>{t('backup.createTitle')}</H4>
          <p>{t('backup.createText')}</p>
          <Button intent="primary" icon="download" text={t('backup.download')} loading={backupProgress !== null} onClick={() => void downloadBackup()} />
          {backupProgress && <Transfer progress={backupProgress} kind="downloaded" />}
        </Card>
        <Card>
          <H4>{t('backup.restoreTitle')}</H4>
          <Callout intent="warning" icon="warning-sign">
            {t('backup.restoreWarning')}
          </Callout>
          <div className="ww-admin-backup-file">
            <Button icon="document" text={t('backup.chooseFile')} disabled={restoreProgress !== null} onClick={() => void chooseFile()} />
            <span aria-label={t('backup.chosenFile')}>{file ? file.name : t('backup.noFile')}</span>
          </div>
          <Button intent="danger" icon="refresh" text={t('backup.restore')} disabled={!file || restoreProgress !== null} onClick={askToRestore} />
          {restoreProgress && <Transfer progress={restoreProgress} kind="uploaded" />}
        </Card>
      </div>
      <ConfirmDeleteAlert isOpen={confirming} icon="history" confirmText={t('backup.confirmButton')} onCancel={() => setConfirming(false)} onConfirm={() => void restore()}>
        <p className="ww-admin-alert-title">{t('backup.confirmTitle')}</p>
        <p>{t('backup.confirmText', { file: file?.name ?? '' })}</p>
      </ConfirmDeleteAlert>
    </>
  );
}

/** A transfer's bar (indeterminate while the size is unknown) and its megabytes. */
function Transfer({ progress, kind }: { progress: TransferProgress; kind: 'downloaded' | 'uploaded' }) {
  const t = useAdminText();
  const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);
  const loaded = megabytes(progress.loaded);
  return (
    <div className="ww-admin-transfer" role="status">
      <ProgressBar intent="primary" value={progress.total ? progress.loaded / progress.total : undefined} />
      <span>{progress.total ? t(`backup.${kind}Of`, { loaded, total: megabytes(progress.total) }) : t(`backup.${kind}SoFar`, { loaded })}</span>
    </div>
  );
}
