'use strict';
/**
 * Loaded into every Node process of the system-test stack (NODE_OPTIONS=--require): any connection to an
 * address outside 127.0.0.0/8 (or ::1, or the name localhost) is refused and written to
 * LOOPBACK_GUARD_LOG, which the test run's teardown turns into a failure. Nothing the stack runs may
 * reach outside this machine: not the network, not a cloud metadata server.
 */
const fs = require('node:fs');
const net = require('node:net');
const dgram = require('node:dgram');

const logFile = process.env.LOOPBACK_GUARD_LOG;

function isLoopback(host) {
  if (host === undefined || host === null || host === '' || host === 'localhost') return true;
  const text = String(host).replace(/^\[|\]$/g, '');
  if (net.isIPv4(text)) return text.startsWith('127.');
  if (net.isIPv6(text)) return text === '::1' || /^::ffff:127\./i.test(text);
  return false;
}

function refuse(host, port) {
  const line = `${new Date().toISOString()} pid ${process.pid} (${process.argv.slice(1, 3).join(' ')}) tried ${host}:${port}\n`;
  if (logFile) fs.appendFileSync(logFile, line);
  return new Error(`loopback guard: connection to ${host}:${port} refused (only 127.0.0.0/8 is allowed)`);
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const first = args[0];
  const options = typeof first === 'object' && first !== null ? (Array.isArray(first) ? first[0] : first) : { port: first, host: args[1] };
  if (options && options.path === undefined && !isLoopback(options.host)) {
    const error = refuse(options.host, options.port);
    process.nextTick(() => this.destroy(error));
    return this;
  }
  return connect.apply(this, args);
};

const send = dgram.Socket.prototype.send;
dgram.Socket.prototype.send = function guardedSend(...args) {
  const address = args.find((arg, index) => index > 0 && typeof arg === 'string');
  if (address !== undefined && !isLoopback(address)) throw refuse(address, 'udp');
  return send.apply(this, args);
};
