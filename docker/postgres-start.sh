#!/bin/sh
# Starts PostgreSQL on /var/lib/taol-pg/data, making the cluster, the `taol` user and database on
# the first start. Nodes connect over the compose network with the password.
set -eu
bin=/usr/lib/postgresql/15/bin
data=/var/lib/taol-pg/data
if [ ! -s "$data/PG_VERSION" ]; then
  : "${TAOL_PG_PASSWORD:?set TAOL_PG_PASSWORD}"
  printf '%s\n' "$TAOL_PG_PASSWORD" > /tmp/pwfile
  "$bin/initdb" -D "$data" -U postgres --auth-local=peer --auth-host=scram-sha-256 --pwfile=/tmp/pwfile -E UTF8
  rm -f /tmp/pwfile
  echo "host all all 0.0.0.0/0 scram-sha-256" >> "$data/pg_hba.conf"
  "$bin/pg_ctl" -D "$data" -o "-c listen_addresses='' -c unix_socket_directories=/tmp" -w start
  psql -h /tmp -v ON_ERROR_STOP=1 -d postgres -c "CREATE USER taol PASSWORD '$TAOL_PG_PASSWORD'" -c "CREATE DATABASE taol OWNER taol"
  "$bin/pg_ctl" -D "$data" -m fast -w stop
fi
# Its socket in /tmp: a container has no /var/run/postgresql.
exec "$bin/postgres" -D "$data" -c listen_addresses='*' -c unix_socket_directories=/tmp
