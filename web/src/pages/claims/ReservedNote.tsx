import { Button, Icon } from '@blueprintjs/core';

/** 'You reserved this — change or undo' on an item this browser reserved. */
export function ReservedNote({ onManage }: { onManage: () => void }) {
  return (
    <p className="ww-reserved-note">
      <Icon icon="tick-circle" intent="success" />
      <span>{'You reserved this — '}</span>
      <Button variant="minimal" size="small" intent="primary" text="change or undo" onClick={onManage} />
    </p>
  );
}
