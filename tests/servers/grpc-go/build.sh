#!/usr/bin/env bash
# Builds Debian's grpc-go example servers (the real grpc-go peers of the integration tests) offline, in GOPATH mode,
# from the sources the golang-google-grpc-dev package ships. Idempotent: a second run with the same inputs only
# checks a stamp. Output: tests/servers/grpc-go/.build/bin/{reflection-server,route-guide-server}.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
build="$here/.build"
examples=/usr/share/doc/golang-google-grpc-dev/examples
gocode=/usr/share/gocode

if ! command -v go >/dev/null || [ ! -d "$examples" ] || [ ! -d "$gocode/src/google.golang.org/grpc" ]; then
  echo "grpc-go peers: missing Debian packages; install them with:" >&2
  echo "  apt-get install -y golang-go golang-google-grpc-dev golang-google-protobuf-dev golang-github-golang-protobuf-1-5-dev" >&2
  exit 1
fi

# The stamp covers this script, the Go toolchain and the packaged sources, so any change rebuilds.
stamp_input="$(cat "$0"; go version; dpkg-query -W -f='${Package} ${Version}\n' golang-go golang-google-grpc-dev \
  golang-google-protobuf-dev golang-github-golang-protobuf-1-5-dev 2>/dev/null || true)"
stamp="$(printf '%s' "$stamp_input" | sha256sum | cut -d' ' -f1)"
if [ -x "$build/bin/reflection-server" ] && [ -x "$build/bin/route-guide-server" ] &&
  [ "$(cat "$build/stamp" 2>/dev/null || true)" = "$stamp" ]; then
  exit 0
fi

rm -rf "$build/gopath" "$build/bin" "$build/stamp"
grpc_src="$build/gopath/src/google.golang.org/grpc"
mkdir -p "$grpc_src" "$build/bin"

# GOPATH mode stops at the first GOPATH entry holding the import path's directory, so our entry mirrors the packaged
# grpc tree with symlinks and adds the examples (which Debian ships under /usr/share/doc, outside any GOPATH).
for entry in "$gocode/src/google.golang.org/grpc/"*; do
  ln -s "$entry" "$grpc_src/$(basename "$entry")"
done
rm -f "$grpc_src/examples"
cp -r "$examples" "$grpc_src/examples"
chmod -R u+w "$grpc_src/examples"

# Small patches, each checked so that a changed upstream source fails the build instead of building something else:
# bind loopback only (the reflection example listens on every interface), print the bound address (so the tests can
# pass -port 0 and read the port back instead of racing for a free one), and give route_guide an opt-in
# -reflection flag (grpc-go 1.33 serves v1alpha reflection only: the fallback the plugin must handle).
patch_line() { # file, exact old text, new text
  local file="$1" old="$2" new="$3"
  if ! grep -qF -- "$old" "$file"; then
    echo "grpc-go peers: cannot patch $file: '$old' not found (the packaged example changed)" >&2
    exit 1
  fi
  OLD="$old" NEW="$new" perl -0pi -e 's/\Q$ENV{OLD}\E/$ENV{NEW}/' "$file"
}
reflection_main="$grpc_src/examples/features/reflection/server/main.go"
patch_line "$reflection_main" 'fmt.Sprintf(":%d", *port)' 'fmt.Sprintf("127.0.0.1:%d", *port)'

route_main="$grpc_src/examples/route_guide/server/server.go"
patch_line "$route_main" 'lis, err := net.Listen("tcp", fmt.Sprintf("localhost:%d", *port))' \
  'lis, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", *port)); if err == nil { fmt.Printf("server listening at %v\n", lis.Addr()) }'
patch_line "$route_main" '"google.golang.org/grpc/credentials"' \
  '"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/reflection"'
patch_line "$route_main" 'port       = flag.Int("port", 10000, "The server port")' \
  'port       = flag.Int("port", 10000, "The server port")
	withReflection = flag.Bool("reflection", false, "Serve v1alpha server reflection")'
patch_line "$route_main" 'pb.RegisterRouteGuideServer(grpcServer, newServer())' \
  'pb.RegisterRouteGuideServer(grpcServer, newServer()); if *withReflection { reflection.Register(grpcServer) }'

export GO111MODULE=off GOFLAGS= GOPROXY=off GOTOOLCHAIN=local CGO_ENABLED=0
export GOPATH="$build/gopath:$gocode" GOCACHE="$build/gocache"
go build -o "$build/bin/reflection-server" google.golang.org/grpc/examples/features/reflection/server
go build -o "$build/bin/route-guide-server" google.golang.org/grpc/examples/route_guide/server
echo "$stamp" >"$build/stamp"
echo "grpc-go peers built in $build/bin"
