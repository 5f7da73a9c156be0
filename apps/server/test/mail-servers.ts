import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';

/**
 * Real mail servers for the tests: Dovecot (IMAP, with LMTP delivery) run with its own configuration in a
 * temporary directory, and an SMTP server (smtp-server) that signs its users in against the same accounts
 * and delivers what it accepts to Dovecot by LMTP. Everything listens on loopback ports of its own.
 */
export interface MailUser {
  address: string;
  password: string;
}

export interface MailServers {
  host: string;
  imapPort: number;
  smtpPort: number;
  users: [MailUser, MailUser];
  /** a loopback port nothing listens on */
  closedPort: number;
  /**
   * A user's IMAP sessions from Dovecot's log: how many have signed in, and those that have ended, oldest
   * first, with the bytes each received and sent
   */
  imapSessions(address: string): { started: number; ended: { in: number; out: number }[] };
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
/** Dovecot runs its users' processes as this system user (never root). */
const MAIL_USER = 'mail';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const dovecotConfig = (dir: string, imapPort: number, lmtpPort: number) => `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap lmtp
listen = ${HOST}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
mail_location = maildir:${dir}/mail/%u
mail_uid = ${MAIL_USER}
mail_gid = ${MAIL_USER}
first_valid_uid = 1
first_valid_gid = 1
default_login_user = dovenull
default_internal_user = dovecot
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${MAIL_USER} gid=${MAIL_USER} home=${dir}/mail/%u
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
  mailbox Junk {
    special_use = \\Junk
    auto = subscribe
  }
}
service imap-login {
  inet_listener imap {
    address = ${HOST}
    port = ${imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = ${HOST}
    port = ${lmtpPort}
  }
}
`;

async function waitForPort(port: number, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, HOST, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on ${HOST}:${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startMailServers(): Promise<MailServers> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'eip-mail-'));
  chmodSync(dir, 0o755);
  const users: [MailUser, MailUser] = [
    { address: 'alice@mail.test', password: 'alice-pw-1' },
    { address: 'bob@mail.test', password: 'bob-pw-2' },
  ];
  mkdirSync(path.join(dir, 'mail'));
  const { uid, gid } = systemUser(MAIL_USER);
  chownSync(path.join(dir, 'mail'), uid, gid);
  writeFileSync(path.join(dir, 'passwd'), users.map((u) => `${u.address}:{PLAIN}${u.password}\n`).join(''));
  const [imapPort, lmtpPort, smtpPort, closedPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const config = path.join(dir, 'dovecot.conf');
  writeFileSync(config, dovecotConfig(dir, imapPort, lmtpPort));
  const dovecot: ChildProcess = spawn('/usr/sbin/dovecot', ['-F', '-c', config], { stdio: 'ignore' });
  await waitForPort(imapPort, 10_000);
  await waitForPort(lmtpPort, 10_000);

  const lmtp = nodemailer.createTransport({
    host: HOST,
    port: lmtpPort,
    lmtp: true,
    secure: false,
    ignoreTLS: true,
  });
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, done) {
      const user = users.find((u) => u.address === auth.username && u.password === auth.password);
      if (!user) return done(new Error('Invalid username or password'));
      done(null, { user: user.address });
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        lmtp
          .sendMail({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            raw: Buffer.concat(chunks),
          })
          .then(() => done(), done);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, HOST, resolve));

  return {
    host: HOST,
    imapPort,
    smtpPort,
    users,
    closedPort,
    imapSessions: (address) => imapSessions(path.join(dir, 'dovecot.log'), address),
    async stop() {
      await new Promise<void>((resolve) => smtp.close(resolve));
      lmtp.close();
      await new Promise<void>((resolve) => {
        if (dovecot.exitCode !== null) return resolve();
        dovecot.once('exit', () => resolve());
        dovecot.kill('SIGTERM');
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Dovecot's "Login: user=<…>" and "Logged out in=… out=…" lines of a user's IMAP sessions. */
function imapSessions(log: string, address: string) {
  const lines = readFileSync(log, 'utf8').split('\n');
  const started = lines.filter((line) => line.includes(`Login: user=<${address}>`)).length;
  const ended = lines
    .filter((line) => line.includes(`imap(${address})`))
    .flatMap((line) => {
      const counts = /Logged out in=(\d+) out=(\d+)/.exec(line);
      return counts ? [{ in: Number(counts[1]), out: Number(counts[2]) }] : [];
    });
  return { started, ended };
}

/** The uid and gid of a system user, from the passwd database. */
function systemUser(name: string) {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no system user ${name}: useradd --system ${name}`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
