import { useMemo, useState } from 'react';
import { Button, Callout, Card, H4, ProgressBar } from '@blueprintjs/core';
import { RESTORE_RELOAD_DELAY_MS } from '@wishwell/shared/constants';
import { errorMessage } from '../api/client';
import { ConfirmDeleteAlert } from '../ui/ConfirmDeleteAlert';
import { AdminPageHeader } from './AdminPageHeader';
import { getPlatformBridge, type RestoreFile, type TransferProgress } from './platform-bridge';
import './admin.css';

/**
 * /admin/backup-restore: download a backup, restore one. Saving and choosing files go through
 * the PlatformBridge: the desktop app's native dialogs, or a download link and file input.
 */
export function BackupRestorePage() {
  const bridge = useMemo(getPlatformBridge, []);
  const [backupProgress, setBackupProgress] = useState<TransferProgress | null>(null);
  const [file, setFile] = useState<RestoreFile | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restoreProgress, setRestoreProgress] = useState<TransferProgress | null>(null);

  const downloadBackup = async () => {
    setBackupProgress({ loaded: 0, total: null });
    try {
      if (await bridge.saveBackup(setBackupProgress)) bridge.notify('Backup downloaded successfully.', 'success');
    } catch (error) {
      console.error('Backup failed', error);
      bridge.notify('Backup failed.', 'error');
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
    else bridge.notify('Please select a backup file to restore.', 'warning');
  };

  const restore = async () => {
    setConfirming(false);
    if (!file) return;
    setRestoreProgress({ loaded: 0, total: file.size });
    try {
      await bridge.uploadRestoreFile(file, setRestoreProgress);
      bridge.notify('Database restore initiated. The application will restart.', 'success');
      setTimeout(() => window.location.reload(), RESTORE_RELOAD_DELAY_MS);
    } catch (error) {
      bridge.notify(errorMessage(error, 'Restore failed.'), 'error');
      setRestoreProgress(null);
    }
  };

  return (
    <>
      <AdminPageHeader title="Backup & Restore" />
      <div className="ww-admin-backup">
        <Card>
          <H4>Create Backup</H4>
          <p>Download one file holding the whole database and every uploaded picture.</p>
          <Button intent="primary" icon="download" text="Download Backup" loading={backupProgress !== null} onClick={() => void downloadBackup()} />
          {backupProgress && <Transfer progress={backupProgress} verb="Downloaded" />}
        </Card>
        <Card>
          <H4>Restore from Backup</H4>
          <Callout intent="warning" icon="warning-sign">
            Restoring overwrites all current data with the backup's. This cannot be undone.
          </Callout>
          <div className="ww-admin-backup-file">
            <Button icon="document" text="Choose File" disabled={restoreProgress !== null} onClick={() => void chooseFile()} />
            <span aria-label="Chosen backup file">{file ? file.name : 'No file chosen (.gz)'}</span>
          </div>
          <Button intent="danger" icon="refresh" text="Restore Database" disabled={!file || restoreProgress !== null} onClick={askToRestore} />
          {restoreProgress && <Transfer progress={restoreProgress} verb="Uploaded" />}
        </Card>
      </div>
      <ConfirmDeleteAlert isOpen={confirming} confirmText="Yes, Restore Now" onCancel={() => setConfirming(false)} onConfirm={() => void restore()}>
        <p className="ww-admin-alert-title">Confirm Restore</p>
        <p>
          Are you absolutely sure you want to restore the database from "{file?.name}"? All existing data will be permanently deleted and replaced.
        </p>
      </ConfirmDeleteAlert>
    </>
  );
}

/** A transfer's bar (indeterminate while the size is unknown) and its megabytes. */
function Transfer({ progress, verb }: { progress: TransferProgress; verb: string }) {
  const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);
  return (
    <div className="ww-admin-transfer" role="status">
      <ProgressBar intent="primary" value={progress.total ? progress.loaded / progress.total : undefined} />
      <span>
        {verb} {megabytes(progress.loaded)} MB{progress.total ? ` of ${megabytes(progress.total)} MB` : ''}
      </span>
    </div>
  );
}
