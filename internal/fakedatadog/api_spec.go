package fakedatadog

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// v1Spec is the loaded v1 document plus what the server needs from it.
type v1Spec struct {
	path   string
	doc    *openapi3.T
	router routers.Router
	// perms maps an operationId to the permissions its x-permission lists
	// (any one of them suffices, operator OR).
	perms map[string][]string
	// ops maps an operationId to its operation.
	ops map[string]*openapi3.Operation
}

// LoadV1Spec loads (once per process and path) and returns the v1 document
// at path, or at V1SpecPath() when path is "".
func LoadV1Spec(path string) (*openapi3.T, error) {
	s, err := loadV1Spec(path)
	if err != nil {
		return nil, err
	}
	return s.doc, nil
}

func loadV1Spec(path string) (*v1Spec, error) {
	if path == "" {
		p, err := V1SpecPath()
		if err != nil {
			return nil, err
		}
		path = p
	}
	return cached("v1", path, func() (*v1Spec, error) { return readV1Spec(path) })
}

func readV1Spec(path string) (*v1Spec, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile(path)
	if err != nil {
		return nil, fmt.Errorf("fakedatadog: load %s: %w", path, err)
	}
	// Match routes on the path alone, whatever host the test server has.
	doc.Servers = nil
	// NewRouter validates the document. Its examples are not all valid (a
	// Dashboard example matches two oneOf branches), which says nothing about
	// the schemas, so examples are left out of that check.
	router, err := legacy.NewRouter(doc, openapi3.DisableExamplesValidation())
	if err != nil {
		return nil, fmt.Errorf("fakedatadog: %s is not a valid OpenAPI document: %w", path, err)
	}
	s := &v1Spec{path: path, doc: doc, router: router, perms: map[string][]string{}, ops: map[string]*openapi3.Operation{}}
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			if op.OperationID == "" {
				continue
			}
			s.ops[op.OperationID] = op
			s.perms[op.OperationID] = xPermissions(op)
		}
	}
	return s, nil
}

// xPermissions reads the operation's "x-permission" extension:
// {operator: OR|OPEN, permissions: [...]}.
func xPermissions(op *openapi3.Operation) []string {
	return permissionsOf(op.Extensions["x-permission"])
}

// permissionsOf reads an x-permission value as either document loader
// gives it; nil for none or an OPEN one.
func permissionsOf(raw any) []string {
	if raw == nil {
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
