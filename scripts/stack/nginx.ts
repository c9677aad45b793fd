import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ManagedProcess } from './managedProcess';

/** Debian's nginx, run as our own process with our own configuration (never the system service). */
const NGINX = '/usr/sbin/nginx';

export interface Nginx {
  /** Writes `http` as the configuration's http block and has nginx take it up (a graceful reload). */
  reload(http: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * nginx in the foreground under `runDir/<name>`, with `http` as its configuration's http block (its own temp
 * directories and no access log around it). Ready once `ready()` answers true; it fails with nginx's log otherwise.
 */
export async function startNginx({
  name,
  runDir,
  http,
  ready,
}: {
  name: string;
  runDir: string;
  http: string;
  ready: (exited: Promise<unknown>) => Promise<boolean>;
}): Promise<Nginx> {
  if (!fs.existsSync(NGINX)) throw new Error(`nginx was not found at ${NGINX}: apt-get install -y nginx`);
  const prefix = path.join(runDir, name);
  fs.mkdirSync(path.join(prefix, 'temp'), { recursive: true });
  const configFile = path.join(prefix, 'nginx.conf');
  const control = ['-p', prefix, '-c', configFile, '-e', path.join(prefix, 'error.log')];
  const writeConfig = (block: string) =>
    fs.writeFileSync(
      configFile,
      `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/temp/body;
  proxy_temp_path ${prefix}/temp/proxy;
  fastcgi_temp_path ${prefix}/temp/fastcgi;
  uwsgi_temp_path ${prefix}/temp/uwsgi;
  scgi_temp_path ${prefix}/temp/scgi;
${block}
}
`,
    );
  writeConfig(http);
  const nginx = new ManagedProcess({
    name,
    command: NGINX,
    args: control,
    cwd: prefix,
    env: process.env,
    logFile: path.join(runDir, `${name}.log`),
  });
  if (!(await ready(nginx.exited))) {
    await nginx.stop('SIGTERM', 5_000);
    throw new Error(`nginx (${name}) did not start:\n${nginx.logTail()}`);
  }
  return {
    async reload(block) {
      writeConfig(block);
      const reload = spawnSync(NGINX, [...control, '-s', 'reload'], { encoding: 'utf8' });
      if (reload.status !== 0) throw new Error(`nginx (${name}) did not reload: ${reload.stderr}`);
      // The new workers take over once the old ones finish what they hold.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    },
    // SIGTERM, which the guardian passes on to nginx's group (nginx's fast shutdown).
    stop: () => nginx.stop('SIGTERM', 5_000),
  };
}
