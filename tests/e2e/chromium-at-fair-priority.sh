#!/bin/sh
# Starts the browser the end-to-end tests drive ($E2E_CHROMIUM, Debian's Chromium headless shell by
# default) without the right to raise its own priority. Run as root, Chromium puts its compositing and
# input threads at nice -8: on a machine running the unit tests and the stores beside it, the browsers then
# take the processor first and the rest waits (decision 066). A user other than root has no such right.
browser="${E2E_CHROMIUM:-/usr/bin/chromium-headless-shell}"
if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null; then
  exec setpriv --bounding-set=-sys_nice --inh-caps=-sys_nice "$browser" "$@"
fi
exec "$browser" "$@"
