package fakedd

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

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// ClientModule is the module that ships Datadog's OpenAPI documents.
const ClientModule = "github.com/DataDog/datadog-api-client-go/v2"

// specRelPath is where the v1 document sits inside ClientModule.
const specRelPath = ".generator/schemas/v1/openapi.yaml"

// SpecEnv names an environment variable that, when set, points at the v1
// openapi.yaml to validate against (useful where the go command is absent).
const SpecEnv = "RELEVEL_DD_OPENAPI_V1"

// SpecPath finds Datadog's v1 OpenAPI document inside the
// datadog-api-client-go module (see ModuleFile).
func SpecPath() (string, error) {
	p, err := ModuleFile(specRelPath, SpecEnv)
	if err != nil {
		return "", fmt.Errorf("fakedd: cannot find the Datadog v1 OpenAPI spec: %w", err)
	}
	return p, nil
}

// ModuleFile finds the file rel (slash-separated) inside ClientModule: the
// path in the environment variable env if set, else inside the module
// directory reported by `go list -m -json` (which resolves the version the
// calling module requires), else in the newest copy under
// `go env GOMODCACHE`. The fakes of other Datadog APIs find their specs
// with it.
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

// spec is a loaded document plus what the server needs from it.
type spec struct {
	path   string
	doc    *openapi3.T
	router routers.Router
	// perms maps an operationId to the permissions its x-permission lists
	// (any one of them suffices, operator OR).
	perms map[string][]string
	// ops maps an operationId to its operation.
	ops map[string]*openapi3.Operation
}

var (
	specMu    sync.Mutex
	specCache = map[string]*spec{}
)

// LoadSpec loads (once per process and path) and returns the v1 document at
// path, or at SpecPath() when path is "".
func LoadSpec(path string) (*openapi3.T, error) {
	s, err := loadSpec(path)
	if err != nil {
		return nil, err
	}
	return s.doc, nil
}

func loadSpec(path string) (*spec, error) {
	if path == "" {
		p, err := SpecPath()
		if err != nil {
			return nil, err
		}
		path = p
	}
	specMu.Lock()
	defer specMu.Unlock()
	if s, ok := specCache[path]; ok {
		return s, nil
	}
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile(path)
	if err != nil {
		return nil, fmt.Errorf("fakedd: load %s: %w", path, err)
	}
	// Match routes on the path alone, whatever host the test server has.
	doc.Servers = nil
	// NewRouter validates the document. Its examples are not all valid (a
	// Dashboard example matches two oneOf branches), which says nothing about
	// the schemas, so examples are left out of that check.
	router, err := legacy.NewRouter(doc, openapi3.DisableExamplesValidation())
	if err != nil {
		return nil, fmt.Errorf("fakedd: %s is not a valid OpenAPI document: %w", path, err)
	}
	s := &spec{path: path, doc: doc, router: router, perms: map[string][]string{}, ops: map[string]*openapi3.Operation{}}
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			if op.OperationID == "" {
				continue
			}
			s.ops[op.OperationID] = op
			s.perms[op.OperationID] = xPermissions(op)
		}
	}
	specCache[path] = s
	return s, nil
}

// xPermissions reads the operation's "x-permission" extension:
// {operator: OR|OPEN, permissions: [...]}.
func xPermissions(op *openapi3.Operation) []string {
	raw, ok := op.Extensions["x-permission"]
	if !ok {
		return nil
	}
	b, err := json.Marshal(raw)
	if err != nil {
		return nil
	}
	var x struct {
		Operator    string   `json:"operator"`
		Permissions []string `json:"permissions"`
	}
	if json.Unmarshal(b, &x) != nil || strings.EqualFold(x.Operator, "OPEN") {
		return nil
	}
	return x.Permissions
}
