import { TextArea } from '@blueprintjs/core';

interface Props {
  id: string;
  value: string;
  maxLength: number;
  onValueChange: (value: string) => void;
  required?: boolean;
  autoFocus?: boolean;
}

/**
 * A one-line text (a title) that wraps and grows rather than scrolling sideways, so a long one is
 * read from its start on a phone too. Still one line of text: Enter submits the form, and line
 * breaks pasted in become spaces.
 */
export function TitleField({ onValueChange, ...field }: Props) {
  return (
    <TextArea
      {...field}
      rows={1}
      fill
      autoResize
      className="ww-title-field"
      onChange={(event) => onValueChange(event.target.value.replace(/[\r\n]+/g, ' '))}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        event.currentTarget.form?.requestSubmit();
      }}
    />
  );
}
