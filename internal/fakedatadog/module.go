package fakedatadog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// ClientModule is the module that ships Datadog's OpenAPI documents.
const ClientModule = "github.com/DataDog/datadog-api-client-go/v2"

// Where the v1 (API: Logs Pipelines) and v2 (API: Logs Search; intake)
// documents sit inside ClientModule.
const (
	v1SpecRelPath = ".generator/schemas/v1/openapi.yaml"
	v2SpecRelPath = ".generator/schemas/v2/openapi.yaml"
)

// Environment variables that, when set, point at the v1 and v2 openapi.yaml
// to validate against (useful where the go command is absent).
const (
	SpecEnvV1 = "RELEVEL_DD_OPENAPI_V1"
	SpecEnvV2 = "RELEVEL_DD_OPENAPI_V2"
)

// V1SpecPath finds Datadog's v1 OpenAPI document inside the
// datadog-api-client-go module (see ModuleFile).
func V1SpecPath() (string, error) {
	p, err := ModuleFile(v1SpecRelPath, SpecEnvV1)
	if err != nil {
		return "", fmt.Errorf("fakedatadog: cannot find the Datadog v1 OpenAPI spec: %w", err)
	}
	return p, nil
}

// V2SpecPath finds Datadog's v2 OpenAPI document: $RELEVEL_DD_OPENAPI_V2 if
// set, else inside the directory `go list -m` reports for ClientModule (the
// version the current module requires), else the newest copy under
// `go env GOMODCACHE` (see ModuleFile).
func V2SpecPath() (string, error) {
	p, err := ModuleFile(v2SpecRelPath, SpecEnvV2)
	if err != nil {
		return "", fmt.Errorf("fakedatadog: cannot find the Datadog v2 OpenAPI spec: %w", err)
	}
	return p, nil
}

// ModuleFile finds the file rel (slash-separated) inside ClientModule: the
// path in the environment variable env if set, else inside the module
// directory reported by `go list -m -json` (which resolves the version the
// calling module requires), else in the newest copy under
// `go env GOMODCACHE`.
func ModuleFile(rel, env string) (string, error) {
	if p := os.Getenv(env); p != "" {
		return p, nil
	}
	var errs []error
	if dir, err := moduleDir(); err == nil {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		errs = append(errs, fmt.Errorf("%s has no %s", dir, rel))
	} else {
		errs = append(errs, err)
	}
	p, err := modCacheFile(rel)
	if err == nil {
		return p, nil
	}
	errs = append(errs, err)
	return "", fmt.Errorf("set %s: %w", env, errors.Join(errs...))
}

func goCmd() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return "go"
}

// moduleDir asks the go command where ClientModule is, from the current
// directory's module (a test runs in its package directory).
func moduleDir() (string, error) {
	cmd := exec.Command(goCmd(), "list", "-m", "-json", ClientModule)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list -m %s: %v: %s", ClientModule, err, strings.TrimSpace(stderr.String()))
	}
	var m struct{ Dir string }
	if err := json.Unmarshal(out, &m); err != nil {
		return "", fmt.Errorf("go list -m %s: %w", ClientModule, err)
	}
	if m.Dir == "" {
		return "", fmt.Errorf("go list -m %s: module not downloaded", ClientModule)
	}
	return m.Dir, nil
}

// modCacheFile picks rel in the highest v2 version of ClientModule in the
// module cache.
func modCacheFile(rel string) (string, error) {
	out, err := exec.Command(goCmd(), "env", "GOMODCACHE").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMODCACHE: %w", err)
	}
	cache := strings.TrimSpace(string(out))
	// Module paths are case-encoded in the cache: DataDog → !data!dog.
	pattern := filepath.Join(cache, "github.com", "!data!dog", "datadog-api-client-go", "v2@v*")
	dirs, _ := filepath.Glob(pattern)
	var found []string
	for _, d := range dirs {
		p := filepath.Join(d, filepath.FromSlash(rel))
		if _, err := os.Stat(p); err == nil {
			found = append(found, p)
		}
	}
	if len(found) == 0 {
		return "", fmt.Errorf("no %s under %s", rel, pattern)
	}
	sort.Slice(found, func(i, j int) bool { return semverLess(found[i], found[j]) })
	return found[len(found)-1], nil
}

// semverLess orders two cache paths by the vX.Y.Z after "v2@".
func semverLess(a, b string) bool {
	va, vb := versionParts(a), versionParts(b)
	for i := range 3 {
		if va[i] != vb[i] {
			return va[i] < vb[i]
		}
	}
	return a < b
}

func versionParts(p string) [3]int {
	var v [3]int
	i := strings.LastIndex(p, "@v")
	if i < 0 {
		return v
	}
	rest := p[i+2:]
	if j := strings.IndexAny(rest, `/\-+`); j >= 0 {
		rest = rest[:j]
	}
	for k, s := range strings.SplitN(rest, ".", 3) {
		n := 0
		for _, c := range s {
			if c < '0' || c > '9' {
				break
			}
			n = n*10 + int(c-'0')
		}
		v[k] = n
	}
	return v
}

// specEntry is one document loaded (or failed to load) once per process.
type specEntry struct {
	once sync.Once
	v    any
	err  error
}

var (
	specMu    sync.Mutex
	specCache = map[string]*specEntry{}
)

// cached runs load once per process for (kind, path) and returns what it
// returned: the documents are megabytes of YAML that every fake of a test
// binary shares.
func cached[T any](kind, path string, load func() (T, error)) (T, error) {
	specMu.Lock()
	e, ok := specCache[kind+"\x00"+path]
	if !ok {
		e = &specEntry{}
		specCache[kind+"\x00"+path] = e
	}
	specMu.Unlock()
	e.once.Do(func() { e.v, e.err = load() })
	v, _ := e.v.(T)
	return v, e.err
}
