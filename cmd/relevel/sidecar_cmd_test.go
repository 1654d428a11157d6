package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSidecarConfigFile(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "relevel.yaml")
	os.WriteFile(cfg, []byte("include: [/a/*.log, /b/*.log]\nstate-dir: /tmp/state\nflush-interval: 2s\nstderr-level: warning\n"), 0o644)
	fs := flag.NewFlagSet("sidecar", flag.ContinueOnError)
	var include multiFlag
	fs.Var(&include, "include", "")
	state := fs.String("state-dir", "/var/lib/relevel", "")
	flush := fs.Duration("flush-interval", time.Second, "")
	lvl := fs.String("stderr-level", "error", "")
	fs.String("config", "", "")
	if err := fs.Parse([]string{"--state-dir", "/cli/wins"}); err != nil {
		t.Fatal(err)
	}
	if err := applyConfigFile(fs, cfg); err != nil {
		t.Fatal(err)
	}
	if strings.Join(include, ",") != "/a/*.log,/b/*.log" || *state != "/cli/wins" || *flush != 2*time.Second || *lvl != "warning" {
		t.Errorf("include %v state %s flush %v level %s", include, *state, *flush, *lvl)
	}
	os.WriteFile(cfg, []byte("stat-dir: /typo\n"), 0o644)
	if err := applyConfigFile(fs, cfg); err == nil || !strings.Contains(err.Error(), `unknown option "stat-dir"`) {
		t.Errorf("typo accepted: %v", err)
	}
	code, _, errs := runCLI(t, nil, "sidecar", "--config", cfg)
	if code != 2 || !strings.Contains(errs, "stat-dir") {
		t.Errorf("exit %d %s", code, errs)
	}
}

// A sink file cut inside a record by a kill -9 gets a newline before this
// run's first record, which would otherwise be glued to the torn one and
// be lost with it; a whole file is appended to as it is.
func TestOpenSinkFileAfterTornWrite(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, before string
		torn         bool
	}{
		{"empty", "", false},
		{"whole", "{\"message\":\"a\"}\n", false},
		{"torn", "{\"message\":\"a\"}\n{\"messa", true},
	} {
		p := filepath.Join(dir, c.name+".jsonl")
		if c.before != "" {
			if err := os.WriteFile(p, []byte(c.before), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		f, torn, err := openSinkFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte("{\"message\":\"b\"}\n")); err != nil {
			t.Fatal(err)
		}
		f.Close()
		got, _ := os.ReadFile(p)
		want := c.before
		if c.torn {
			want += "\n"
		}
		want += "{\"message\":\"b\"}\n"
		if torn != c.torn || string(got) != want {
			t.Errorf("%s: torn %v, file %q; want %v, %q", c.name, torn, got, c.torn, want)
		}
	}
}
