package main

import (
	"errors"
	"log"

	"github.com/coreos/pkg/capnslog"
)

// capnslogEtcd logs as etcd before 3.5 did: capnslog's PrettyFormatter
// (what NewDefaultFormatter picks off systemd) on stderr, package loggers
// named after etcd's packages, and package log's output taken over by
// capnslog (its init does that), then the debug formatter's caller column,
// and it ends with Fatalf, which logs at CRITICAL and exits 1.
//
// capnslog lives in the child because its init takes over package log for
// the whole process: the generator and the test binaries that import it
// keep theirs.
func capnslogEtcd() {
	capnslog.SetFormatter(capnslog.NewPrettyFormatter(out, false))
	const repo = "go.etcd.io/etcd"
	etcdmain := capnslog.NewPackageLogger(repo, "etcdmain")
	etcdserver := capnslog.NewPackageLogger(repo, "etcdserver")
	raft := capnslog.NewPackageLogger(repo, "raft")
	rafthttp := capnslog.NewPackageLogger(repo, "rafthttp")
	auth := capnslog.NewPackageLogger(repo, "auth")
	// As etcd's --debug does, after its packages made their loggers.
	capnslog.SetGlobalLogLevel(capnslog.TRACE)

	etcdmain.Infof("etcd Version: %s", "3.3.25")
	emit("capnslog", "info", "capnslog.PackageLogger.Infof")
	etcdmain.Noticef("the server is already initialized as member before, starting as etcd member...")
	emit("capnslog", "notice", "capnslog.PackageLogger.Noticef")
	etcdmain.Warningf("found invalid file/dir %s under data dir %s (Ignore this if you are upgrading etcd)", "member_id", "/var/lib/etcd")
	emit("capnslog", "warning", "capnslog.PackageLogger.Warningf")
	etcdserver.Infof("name = %s", "etcd-0")
	emit("capnslog", "info", "capnslog.PackageLogger.Infof")
	etcdserver.Debugf("applying entries [index: %d, term: %d]", 1814996, 523)
	emit("capnslog", "debug", "capnslog.PackageLogger.Debugf")
	auth.Tracef("authenticating user %q", "root")
	emit("capnslog", "debug", "capnslog.PackageLogger.Tracef")
	raft.Infof("%x became leader at term %d", uint64(0xac463f989b4b89ae), 523)
	emit("capnslog", "info", "capnslog.PackageLogger.Infof")
	rafthttp.Warningf("health check for peer %s could not connect: %v", "684f2e4032b4dcc2", errors.New("dial tcp 10.1.4.6:2380: connect: connection refused"))
	emit("capnslog", "warning", "capnslog.PackageLogger.Warningf")
	etcdserver.Errorf("publish error: %v", errors.New("etcdserver: request timed out"))
	emit("capnslog", "error", "capnslog.PackageLogger.Errorf")
	// A message over several lines is written raw.
	etcdserver.Errorf("failed to apply request %q\ncaused by:\n\t%v", "put /registry/pods/default/web-0", errors.New("mvcc: database space exceeded"))
	emit("capnslog", "error", "capnslog.PackageLogger.Errorf (multi-line message)")
	// package log, taken over by capnslog's init: an INFO line with no
	// package name.
	log.Printf("grpc: addrConn.resetTransport failed to create client transport: %v", errors.New("connection error"))
	emit("capnslog", "info", "log.Printf (package log taken over by capnslog)")
	// The debug formatter adds the caller's file and line.
	capnslog.SetFormatter(capnslog.NewPrettyFormatter(out, true))
	etcdserver.Infof("snapshot count = %d", 100000)
	emit("capnslog", "info", "capnslog.PackageLogger.Infof (NewPrettyFormatter debug=true)")
	etcdserver.Warningf("apply entries took too long [%v for %d entries]", "1.2s", 1)
	emit("capnslog", "warning", "capnslog.PackageLogger.Warningf (NewPrettyFormatter debug=true)")
	capnslog.SetFormatter(capnslog.NewPrettyFormatter(out, false))
	etcdmain.Fatalf("listen tcp %s: bind: address already in use", "10.0.0.1:2380")
}
