#!/bin/sh
# Writes pdns.conf from the environment and runs PowerDNS in the foreground.
#   PDNS_PG_HOST, PDNS_PG_PORT (5432), PDNS_PG_DB, PDNS_PG_USER, PDNS_PG_PASSWORD, PDNS_PORT (53),
#   PDNS_API_KEY (required), PDNS_API_PORT (8081), PDNS_API_ALLOW_FROM (the networks of the dns service)
set -eu
dir=/tmp/pdns
mkdir -p "$dir"
cat > "$dir/pdns.conf" <<CONF
launch=gpgsql
gpgsql-host=${PDNS_PG_HOST:?PDNS_PG_HOST is required}
gpgsql-port=${PDNS_PG_PORT:-5432}
gpgsql-dbname=${PDNS_PG_DB:-registrar}
gpgsql-user=${PDNS_PG_USER:-registrar}
gpgsql-password=${PDNS_PG_PASSWORD:?PDNS_PG_PASSWORD is required}
gpgsql-extra-connection-parameters=options=-csearch_path=dns application_name=pdns
gpgsql-dnssec=yes
local-address=0.0.0.0
local-port=${PDNS_PORT:-53}
socket-dir=$dir
guardian=no
daemon=no
disable-syslog=yes
loglevel=4
cache-ttl=0
query-cache-ttl=0
negquery-cache-ttl=0
zone-cache-refresh-interval=0
consistent-backends=yes
primary=no
secondary=no
api=yes
api-key=${PDNS_API_KEY:?PDNS_API_KEY is required}
webserver=yes
webserver-address=0.0.0.0
webserver-port=${PDNS_API_PORT:-8081}
webserver-allow-from=${PDNS_API_ALLOW_FROM:-127.0.0.1,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16}
webserver-loglevel=none
version-string=anonymous
CONF
exec pdns_server --config-dir="$dir"
