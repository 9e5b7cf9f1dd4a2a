#!/bin/sh
# Write nginx's configuration from the environment into /tmp (the root file system may be
# read-only), then run nginx in the foreground.
set -eu
servers=""
for upstream in $(echo "$DOCSCRAPE_UPSTREAMS" | tr ',' ' '); do
  servers="${servers}server ${upstream} max_fails=2 fail_timeout=5s; "
done
[ -n "$servers" ] || { echo "lb: DOCSCRAPE_UPSTREAMS is empty; list the replicas as host:port" >&2; exit 1; }
sed -e "s|__SERVERS__|${servers}|" -e "s|__LISTEN__|${LB_LISTEN}|" /etc/nginx/docscrape.conf.template > /tmp/nginx.conf
exec nginx -c /tmp/nginx.conf -g 'daemon off;'
