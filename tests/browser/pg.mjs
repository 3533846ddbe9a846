// A throwaway PostgreSQL for the scenarios of several nodes, as the C++ tests make one
// (tests/server/pg_cluster.cpp): initdb in a temp dir, `postgres` on a free loopback port, run as
// the `postgres` user when this is root (PostgreSQL refuses root). Debian's postgresql package.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, log, sleep } from './lib.mjs';

function postgresBin() {
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [];
  const found = versions.map(Number).filter((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/postgres`)).sort((a, b) => b - a);
  if (!found.length) throw new Error('no PostgreSQL server in /usr/lib/postgresql: install Debian\'s postgresql (./test does)');
  return `/usr/lib/postgresql/${found[0]}/bin`;
}

// argv as the postgres user when root.
function asPostgres(argv) {
  return process.getuid() === 0 ? ['runuser', '-u', 'postgres', '--', ...argv] : argv;
}

// { url(name): a database's postgresql:// URL (created), stop() }
export async function startPostgres() {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taol-browser-pg-'));
  if (process.getuid() === 0) {
    const uid = Number(spawnSync('id', ['-u', 'postgres']).stdout);
    const gid = Number(spawnSync('id', ['-g', 'postgres']).stdout);
    fs.chownSync(dir, uid, gid);
  }
  const run = (argv) => {
    const [cmd, ...rest] = asPostgres(argv);
    const r = spawnSync(cmd, rest, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${argv[0]} failed: ${r.stdout}${r.stderr}`);
  };
  run([`${bin}/initdb`, '-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const [cmd, ...rest] = asPostgres([`${bin}/postgres`, '-D', `${dir}/data`, '-p', String(port), '-k', dir,
    '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off']);
  const proc = spawn(cmd, rest, { stdio: 'ignore' });
  const ready = () => spawnSync(`${bin}/pg_isready`, ['-h', dir, '-p', String(port)]).status === 0;
  for (let i = 0; i < 200 && !ready(); i++) await sleep(100);
  if (!ready()) throw new Error('PostgreSQL did not start');
  log(`PostgreSQL on port ${port} (${dir})`);
  return {
    url(name) {
      run(['psql', '-h', dir, '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-q', '-c', `CREATE DATABASE ${name}`]);
      return `postgresql://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      const pid = Number(fs.readFileSync(`${dir}/data/postmaster.pid`, 'utf8').split('\n')[0]);
      try { process.kill(pid, 'SIGINT'); } catch { /* already gone */ }
      await new Promise((r) => (proc.exitCode !== null ? r() : proc.once('exit', r)));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
