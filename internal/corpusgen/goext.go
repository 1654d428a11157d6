package corpusgen

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// goModuleRun is the external run of a Go program of ext/<dir> whose
// logger lives in a module relevel does not depend on (the Datadog
// Agent's, Gitea's): main.go, built with //go:build ignore so that
// relevel's packages never see it, and its go.mod and go.sum, kept as
// go.mod.in and go.sum.in so that ext/<dir> is no module inside relevel's.
// The module proxy serves the dependencies: they are downloaded before the
// run, so that a machine without the proxy skips the stream, keeping the
// committed one, rather than failing it. module names the logger's module
// and version for the skip message.
func goModuleRun(dir, module string, args ...string) *extRun {
	return &extRun{
		prog: "go", install: "the Go toolchain, and the Go module proxy for " + module,
		args:  append([]string{"run", "-trimpath", "main.go"}, args...),
		files: []string{dir + "/main.go", dir + "/go.mod.in", dir + "/go.sum.in"},
		// The toolchain; the stream's description names the module.
		version: []string{"go", "version"},
		setup: func(work string) error {
			for _, f := range []string{"go.mod", "go.sum"} {
				if err := os.Rename(filepath.Join(work, f+".in"), filepath.Join(work, f)); err != nil {
					return err
				}
			}
			get := exec.Command("go", "mod", "download")
			get.Dir = work
			if out, err := get.CombinedOutput(); err != nil {
				return fmt.Errorf("go mod download: %v: %s", err, out)
			}
			return nil
		},
	}
}
