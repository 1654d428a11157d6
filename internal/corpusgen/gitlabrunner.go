package corpusgen

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// GitLab Runner's log, written by the runner's own formatter
// (RunnerTextFormatter, its default --log-format runner) from
// ext/gitlabrunner/main.go: every level, fields, a message of two lines,
// with the ANSI colours the formatter always writes. The runner's log package imports a module the proxy does
// not serve (gitlab.com/gitlab-org/labkit/v2), so the package cannot be
// built whole: the generator downloads the runner's module at
// gitlabRunnerVersion and copies the formatter's two files out of it
// (log/runner_formatter.go, and helpers/ansi_colors.go for its colours),
// unchanged but for the import path of the second.

const gitlabRunnerVersion = "v1.11.1-0.20260903214710-fc1f1862bd91"

const gitlabRunnerModule = "gitlab.com/gitlab-org/gitlab-runner"

func gitlabRunnerStreams() []*stream {
	x := goModuleRun("gitlabrunner", gitlabRunnerModule+"@"+gitlabRunnerVersion)
	download := x.setup
	x.setup = func(work string) error {
		if err := download(work); err != nil {
			return err
		}
		return copyRunnerFormatter(work)
	}
	return []*stream{
		{logger: "gitlabrunner", name: "runner", ext: x,
			desc: "GitLab Runner's RunnerTextFormatter (" + gitlabRunnerModule + "/log at " + gitlabRunnerVersion + `, the default --log-format runner) through logrus, as "gitlab-runner run" writes to stderr: "ESC[0;33mWARNING: msg<padding to 50 columns>ESC[0;m  ESC[0;33mkeyESC[0;m=value", info without a prefix or a colour, debug in bold white, every level, a message of two lines`},
	}
}

// copyRunnerFormatter copies the formatter's files out of the runner's
// module into work's log/ and helpers/ packages.
func copyRunnerFormatter(work string) error {
	get := exec.Command("go", "mod", "download", "-json", gitlabRunnerModule+"@"+gitlabRunnerVersion)
	get.Dir = work
	out, err := get.Output()
	if err != nil {
		return fmt.Errorf("go mod download %s: %v", gitlabRunnerModule, err)
	}
	var mod struct{ Dir, Error string }
	if err := json.Unmarshal(out, &mod); err != nil || mod.Dir == "" {
		return fmt.Errorf("go mod download %s: %v %s", gitlabRunnerModule, err, mod.Error)
	}
	for _, f := range []struct{ from, to, old, new string }{
		{"log/runner_formatter.go", "log/runner_formatter.go", `"gitlab.com/gitlab-org/gitlab-runner/helpers"`, `"relevel.example/gitlab-runner-corpus/helpers"`},
		{"helpers/ansi_colors.go", "helpers/ansi_colors.go", "", ""},
	} {
		b, err := os.ReadFile(filepath.Join(mod.Dir, f.from))
		if err != nil {
			return err
		}
		src := string(b)
		if f.old != "" {
			if !strings.Contains(src, f.old) {
				return fmt.Errorf("%s: no import %s", f.from, f.old)
			}
			src = strings.Replace(src, f.old, f.new, 1)
		}
		to := filepath.Join(work, f.to)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(to, []byte(src), 0o644); err != nil {
			return err
		}
	}
	return nil
}
