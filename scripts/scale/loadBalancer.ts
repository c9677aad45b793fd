import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ManagedProcess } from '../stack/managedProcess';
import { waitForHttp } from '../stack/network';

/** Debian's nginx, run as our own process with our own configuration (never the system service). */
const NGINX = '/usr/sbin/nginx';

export interface LoadBalancer {
  /** Sends the traffic to these instances from now on (a graceful nginx reload). */
  reconfigure(upstreams: number[]): Promise<void>;
  stop(): Promise<void>;
}

/**
 * nginx as a round-robin load balancer on 127.0.0.1:`port` over the API instances, as Cloud Run's front end
 * spreads requests: a request an instance refuses while it restarts (its port closed) goes to the next one,
 * so a rolling restart costs no player an error.
 */
export async function loadBalancer({ port, upstreams, runDir }: { port: number; upstreams: number[]; runDir: string }): Promise<LoadBalancer> {
  if (!fs.existsSync(NGINX)) throw new Error(`nginx was not found at ${NGINX}: apt-get install -y nginx`);
  const prefix = path.join(runDir, 'nginx');
  fs.mkdirSync(path.join(prefix, 'temp'), { recursive: true });
  const configFile = path.join(prefix, 'nginx.conf');
  const writeConfig = (ports: number[]) =>
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
  upstream api {
${ports.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=0;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 64k;
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      # An instance that refuses the connection (restarting) or closes it unanswered: try the next one.
      proxy_next_upstream error timeout non_idempotent;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`,
    );
  writeConfig(upstreams);
  const nginx = new ManagedProcess({
    name: 'nginx',
    command: NGINX,
    args: ['-p', prefix, '-c', configFile, '-e', path.join(prefix, 'error.log')],
    cwd: prefix,
    env: process.env,
    logFile: path.join(runDir, 'nginx.log'),
  });
  // Any answer from nginx itself (even a 502 before an upstream is up) says it listens.
  const listening = await waitForHttp(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 15_000, giveUp: nginx.exited });
  if (!listening) throw new Error(`nginx did not start:\n${nginx.logTail()}`);
  return {
    async reconfigure(ports) {
      writeConfig(ports);
      const reload = spawnSync(NGINX, ['-p', prefix, '-c', configFile, '-e', path.join(prefix, 'error.log'), '-s', 'reload'], { encoding: 'utf8' });
      if (reload.status !== 0) throw new Error(`nginx did not reload: ${reload.stderr}`);
      // The new workers take over once the old ones finish what they hold.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    },
    // SIGTERM, which the guardian passes on to nginx's group (nginx's fast shutdown).
    stop: () => nginx.stop('SIGTERM', 5_000),
  };
}
