/** An address that, too long for a phone's card, wraps after its "@" rather than mid-word ("example.co" / "m"). */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@') + 1;
  if (at === 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}
