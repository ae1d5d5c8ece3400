import type { ServerCatalogue } from '../texts';

export default {
  mail: {
    hello: 'Hallo {{name}},',
    helloAnyone: 'Hallo,',
    reset: {
      subject: 'Dein Passwort für {{company}} zurücksetzen',
      body: 'Jemand – hoffentlich du – möchte das Passwort deines Kontos bei {{company}} zurücksetzen. Öffne diesen Link innerhalb einer Stunde, um ein neues Passwort festzulegen:',
      ignore: 'Falls du das nicht warst, ignoriere diese E-Mail einfach: Dein Passwort bleibt, wie es ist.',
    },
    invitation: {
      subject: '{{inviter}} lädt dich ein, die Wunschliste „{{list}}“ mitzubearbeiten',
      body: '{{inviter}} möchte, dass du bei der Wunschliste „{{list}}“ auf {{company}} mithilfst. Öffne diesen Link innerhalb von 7 Tagen, um die Einladung anzunehmen; dort kannst du dich anmelden oder ein Konto anlegen:',
      ignore: 'Falls du damit nicht gerechnet hast, ignoriere diese E-Mail einfach.',
    },
    share: {
      subject: '{{sender}} hat eine Wunschliste mit dir geteilt: {{list}}',
      body: '{{sender}} hat die Wunschliste „{{list}}“ mit dir geteilt.',
      open: 'Hier kannst du sie öffnen: {{link}}',
    },
    claim: {
      subject: 'Du hast „{{title}}“ reserviert',
      reservedOne: 'Du hast „{{title}}“ auf der Wunschliste „{{list}}“ reserviert.',
      reservedUnits: 'Du hast {{count}} × „{{title}}“ auf der Wunschliste „{{list}}“ reserviert.',
      reservedPledge: 'Du hast {{amount}} für „{{title}}“ auf der Wunschliste „{{list}}“ zugesagt.',
      manage: 'Über diesen Link kannst du ändern, wie viel du schenkst, oder die Reservierung zurücknehmen (behalte ihn für dich: Wer ihn hat, kann deine Reservierung ändern):',
    },
    relisted: {
      subject: '„{{title}}“ wird wieder gewünscht',
      body: 'Auf der Wunschliste „{{list}}“ steht „{{title}}“ wieder als gewünscht, deshalb wurde deine Reservierung aufgehoben.',
      markAgain: 'Wenn du es trotzdem schenken möchtest, markiere es hier erneut: {{link}}',
    },
    reveal: {
      subject: 'Deine Geschenke sind jetzt sichtbar',
      body: 'Die Überraschung auf deiner Wunschliste „{{list}}“ ist vorbei: Jetzt siehst du, was deine Gäste reserviert haben.',
    },
  },
} satisfies ServerCatalogue;
