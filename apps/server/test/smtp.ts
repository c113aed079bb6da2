import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A local SMTP server for tests: keeps what it receives, and answers the next `refuse` messages
 * with the given SMTP code instead (451: try later; 550: never).
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const state = { refuse: 0, code: 451 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuse > 0) {
          state.refuse -= 1;
          const error = Object.assign(new Error('Mailbox busy, try later'), {
            responseCode: state.code,
          });
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next `count` messages are refused with `code`. */
    refuseNext(count: number, code = 451) {
      state.refuse = count;
      state.code = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
