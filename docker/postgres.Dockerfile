# PostgreSQL from Debian's own package, for the scale-out profile of compose.yaml: one shared
# journal for every Taol node. Its cluster is made on the first start in the volume, with the
# password of TAOL_PG_PASSWORD for the `taol` user and database.
FROM debian:bookworm-slim
RUN mkdir -p /etc/postgresql-common/createcluster.d \
 && echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.d/taol.conf \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/taol-pg && chown postgres /var/lib/taol-pg
COPY docker/postgres-start.sh /usr/local/bin/postgres-start
USER postgres
VOLUME /var/lib/taol-pg
EXPOSE 5432
HEALTHCHECK --interval=5s --timeout=3s CMD ["/usr/lib/postgresql/15/bin/pg_isready", "-h", "/tmp"]
ENTRYPOINT ["/usr/local/bin/postgres-start"]
