import type { ServerCatalogue } from '../texts';

export default {
  mail: {
    hello: 'Hola, {{name}}:',
    helloAnyone: 'Hola:',
    reset: {
      subject: 'Restablece tu contraseña de {{company}}',
      body: 'Alguien, seguramente tú, ha pedido restablecer la contraseña de tu cuenta de {{company}}. Abre este enlace antes de que pase 1 hora para elegir una contraseña nueva:',
      ignore: 'Si no lo has pedido tú, ignora este correo: tu contraseña seguirá siendo la misma.',
    },
    invitation: {
      subject: '{{inviter}} te invita a editar la lista de deseos «{{list}}»',
      body: '{{inviter}} te invita a ayudar con la lista de deseos «{{list}}» en {{company}}. Abre este enlace en los próximos 7 días para aceptar; allí podrás iniciar sesión o crear una cuenta:',
      ignore: 'Si no esperabas este correo, ignóralo.',
    },
    share: {
      subject: '{{sender}} ha compartido una lista de deseos contigo: {{list}}',
      body: '{{sender}} ha compartido contigo la lista de deseos «{{list}}».',
      open: 'Ábrela aquí: {{link}}',
    },
    claim: {
      subject: 'Has reservado «{{title}}»',
      reservedOne: 'Has reservado «{{title}}» en la lista de deseos «{{list}}».',
      reservedUnits: 'Has reservado {{count}} × «{{title}}» en la lista de deseos «{{list}}».',
      reservedPledge: 'Has aportado {{amount}} para «{{title}}» en la lista de deseos «{{list}}».',
      manage: 'Para cambiar lo que vas a regalar o deshacerlo, abre este enlace (guárdalo para ti: cualquiera que lo tenga puede cambiar tu reserva):',
    },
    relisted: {
      subject: '«{{title}}» vuelve a estar en la lista',
      body: 'La lista de deseos «{{list}}» ha vuelto a poner «{{title}}» como deseado, así que tu reserva se ha quitado.',
      markAgain: 'Si aún quieres regalarlo, vuelve a marcarlo aquí: {{link}}',
    },
    reveal: {
      subject: 'Tus regalos ya se pueden ver',
      body: 'La sorpresa de tu lista de deseos «{{list}}» ha terminado: ya puedes ver lo que han reservado tus invitados.',
    },
  },
} satisfies ServerCatalogue;
