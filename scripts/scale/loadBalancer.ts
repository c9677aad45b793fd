import { waitForHttp } from '../stack/network';
import { startNginx } from '../stack/nginx';

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
  const http = (ports: number[]) => `  upstream api {
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
  }`;
  const nginx = await startNginx({
    name: 'nginx',
    runDir,
    http: http(upstreams),
    // An instance behind it answering its health says nginx listens and passes requests on.
    ready: (exited) => waitForHttp(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 15_000, giveUp: exited }),
  });
  return {
    reconfigure: (ports) => nginx.reload(http(ports)),
    stop: () => nginx.stop(),
  };
}
