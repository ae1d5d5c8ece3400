// The server's English texts: the source every other server catalogue translates, exactly the
// spec's wording. Mails are plain text: placeholders are not escaped.
export default {
  mail: {
    hello: 'Hello {{name}},',
    helloAnyone: 'Hello,',
    reset: {
      subject: 'Reset your {{company}} password',
      body: 'Someone, hopefully you, asked to reset the password of your {{company}} account. Open this link within 1 hour to choose a new password:',
      ignore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    },
    invitation: {
      subject: '{{inviter}} invited you to edit the wishlist "{{list}}"',
      body: '{{inviter}} invited you to help edit the wishlist "{{list}}" on {{company}}. Open this link within 7 days to accept; you can sign in or create an account there:',
      ignore: 'If you were not expecting this, ignore this mail.',
    },
    share: {
      subject: '{{sender}} shared a wishlist with you: {{list}}',
      body: '{{sender}} shared the wishlist "{{list}}" with you.',
      open: 'Open it here: {{link}}',
    },
    claim: {
      subject: 'You reserved "{{title}}"',
      reservedOne: 'You reserved "{{title}}" on the wishlist "{{list}}".',
      reservedUnits: 'You reserved {{count}} × "{{title}}" on the wishlist "{{list}}".',
      reservedPledge: 'You reserved {{amount}} towards "{{title}}" on the wishlist "{{list}}".',
      manage: 'To change how many you are giving, or to undo it, open this link (keep it to yourself: anyone with it can change your reservation):',
    },
    relisted: {
      subject: '"{{title}}" is wanted again',
      body: 'The wishlist "{{list}}" listed "{{title}}" again, so your reservation of it was removed.',
      markAgain: 'If you still mean to give it, mark it again here: {{link}}',
    },
    reveal: {
      subject: 'Your gifts have been revealed',
      body: 'The surprise on your wishlist "{{list}}" is over: you can now see what your guests reserved.',
    },
  },
};
