// Package deploy holds relevel's Kubernetes manifests; this test reads them
// as Kubernetes would and checks the settings the README promises.
package deploy

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

type container struct {
	Name           string   `yaml:"name"`
	Args           []string `yaml:"args"`
	Env            []envVar `yaml:"env"`
	LivenessProbe  *probe   `yaml:"livenessProbe"`
	ReadinessProbe *probe   `yaml:"readinessProbe"`
	Resources      struct {
		Requests map[string]any `yaml:"requests"`
		Limits   map[string]any `yaml:"limits"`
	} `yaml:"resources"`
	SecurityContext struct {
		ReadOnlyRootFilesystem   bool  `yaml:"readOnlyRootFilesystem"`
		AllowPrivilegeEscalation *bool `yaml:"allowPrivilegeEscalation"`
		Capabilities             struct {
			Drop []string `yaml:"drop"`
		} `yaml:"capabilities"`
	} `yaml:"securityContext"`
	VolumeMounts []struct {
		Name      string `yaml:"name"`
		MountPath string `yaml:"mountPath"`
		ReadOnly  bool   `yaml:"readOnly"`
	} `yaml:"volumeMounts"`
}

type envVar struct {
	Name  string `yaml:"name"`
	Value string `yaml:"value"`
}

type probe struct {
	HTTPGet struct {
		Path string `yaml:"path"`
	} `yaml:"httpGet"`
}

type podSpec struct {
	Containers []container `yaml:"containers"`
	Volumes    []struct {
		Name     string `yaml:"name"`
		HostPath *struct {
			Path string `yaml:"path"`
		} `yaml:"hostPath"`
	} `yaml:"volumes"`
}

func load(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func TestDaemonSet(t *testing.T) {
	var ds struct {
		Kind string `yaml:"kind"`
		Spec struct {
			Template struct {
				Spec podSpec `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	load(t, "daemonset/daemonset.yaml", &ds)
	if ds.Kind != "DaemonSet" || len(ds.Spec.Template.Spec.Containers) != 1 {
		t.Fatalf("%+v", ds)
	}
	spec := ds.Spec.Template.Spec
	c := spec.Containers[0]
	if len(c.Args) == 0 || c.Args[0] != "sidecar" || !contains(c.Args, "--metrics-addr=:9090") {
		t.Errorf("args %v", c.Args)
	}
	env := map[string]bool{}
	for _, e := range c.Env {
		env[e.Name] = true
	}
	if !env["POD_NAMESPACE"] || !env["POD_NAME"] {
		t.Error("POD_NAMESPACE/POD_NAME missing: relevel would read its own output")
	}
	if c.LivenessProbe == nil || c.LivenessProbe.HTTPGet.Path != "/healthz" || c.ReadinessProbe == nil || c.ReadinessProbe.HTTPGet.Path != "/readyz" {
		t.Error("probes must use /healthz and /readyz")
	}
	if c.Resources.Requests["memory"] == nil || c.Resources.Limits["memory"] == nil {
		t.Error("resource requests and limits missing")
	}
	sc := c.SecurityContext
	if !sc.ReadOnlyRootFilesystem || sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation || !contains(sc.Capabilities.Drop, "ALL") {
		t.Errorf("security context %+v", sc)
	}
	mounts := map[string]bool{}
	for _, m := range c.VolumeMounts {
		mounts[m.MountPath] = m.ReadOnly
	}
	if ro, ok := mounts["/var/log/pods"]; !ok || !ro {
		t.Error("/var/log/pods must be mounted read-only")
	}
	if ro, ok := mounts["/var/log/containers"]; !ok || !ro {
		t.Error("/var/log/containers must be mounted read-only")
	}
	if ro, ok := mounts["/var/lib/relevel"]; !ok || ro {
		t.Error("the state dir must be a writable mount")
	}
	host := map[string]bool{}
	for _, v := range spec.Volumes {
		if v.HostPath != nil {
			host[v.HostPath.Path] = true
		}
	}
	for _, p := range []string{"/var/log/pods", "/var/log/containers", "/var/lib/relevel"} {
		if !host[p] {
			t.Errorf("no hostPath %s", p)
		}
	}
}

func TestSidecarExample(t *testing.T) {
	var pod struct {
		Kind     string `yaml:"kind"`
		Metadata struct {
			Annotations map[string]string `yaml:"annotations"`
		} `yaml:"metadata"`
		Spec podSpec `yaml:"spec"`
	}
	load(t, "sidecar-example/pod.yaml", &pod)
	if pod.Kind != "Pod" || len(pod.Spec.Containers) != 2 {
		t.Fatalf("%+v", pod)
	}
	if pod.Metadata.Annotations["ad.datadoghq.com/manager.logs_exclude"] != "true" {
		t.Error("the app container's own stream must be excluded from the Agent")
	}
	r := pod.Spec.Containers[1]
	if r.Args[0] != "sidecar" || !contains(r.Args, "--input=raw") || !r.SecurityContext.ReadOnlyRootFilesystem {
		t.Errorf("relevel container %+v", r)
	}
}

func TestKustomizations(t *testing.T) {
	for _, dir := range []string{"daemonset", "datadog", "sidecar-example"} {
		var k struct {
			Kind      string   `yaml:"kind"`
			Resources []string `yaml:"resources"`
		}
		load(t, dir+"/kustomization.yaml", &k)
		if k.Kind != "Kustomization" || len(k.Resources) == 0 {
			t.Errorf("%s: %+v", dir, k)
		}
		for _, r := range k.Resources {
			if _, err := os.Stat(dir + "/" + r); err != nil {
				t.Errorf("%s: %v", dir, err)
			}
		}
	}
	b, err := os.ReadFile("Dockerfile")
	if err != nil || !strings.Contains(string(b), "./cmd/relevel") {
		t.Errorf("Dockerfile: %v", err)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// The direct-shipping overlay, merged onto the base the way kustomize's
// strategic merge does for these fields (lists of named items merge by
// name; scalars and args replace), gives a DaemonSet that ships with the
// datadog sink and reads the API key from a mounted Secret.
func TestDatadogOverlay(t *testing.T) {
	var k struct {
		Resources []string `yaml:"resources"`
		Patches   []struct {
			Path string `yaml:"path"`
		} `yaml:"patches"`
	}
	load(t, "datadog/kustomization.yaml", &k)
	if !contains(k.Resources, "../daemonset") || len(k.Patches) != 1 {
		t.Fatalf("kustomization %+v", k)
	}
	var base, patch map[string]any
	load(t, "daemonset/daemonset.yaml", &base)
	load(t, "datadog/"+k.Patches[0].Path, &patch)
	if patch["kind"] != base["kind"] || dig(patch, "metadata", "name") != dig(base, "metadata", "name") {
		t.Fatalf("the patch does not name the base DaemonSet")
	}
	merged := mergeStrategic(base, patch).(map[string]any)
	b, _ := yaml.Marshal(merged)
	var ds struct {
		Spec struct {
			Template struct {
				Spec struct {
					Containers []container `yaml:"containers"`
					Volumes    []struct {
						Name   string `yaml:"name"`
						Secret *struct {
							SecretName string `yaml:"secretName"`
						} `yaml:"secret"`
						HostPath *struct {
							Path string `yaml:"path"`
						} `yaml:"hostPath"`
					} `yaml:"volumes"`
				} `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	if err := yaml.Unmarshal(b, &ds); err != nil {
		t.Fatal(err)
	}
	spec := ds.Spec.Template.Spec
	if len(spec.Containers) != 1 {
		t.Fatalf("%d containers after the merge", len(spec.Containers))
	}
	c := spec.Containers[0]
	if !contains(c.Args, "--sink=datadog") {
		t.Errorf("args %v: no --sink=datadog", c.Args)
	}
	flags := sidecarFlags(t)
	keyFile := ""
	for _, a := range c.Args[1:] {
		name, val, _ := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if !flags[name] {
			t.Errorf("arg %s: relevel sidecar has no flag %q", a, name)
		}
		if name == "api-key-file" {
			keyFile = val
		}
	}
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	if env["POD_NAMESPACE"] != "" || !hasEnv(c.Env, "POD_NAMESPACE", "POD_NAME", "NODE_NAME", "DD_SITE") {
		t.Errorf("env after the merge: %+v", c.Env)
	}
	secrets := map[string]string{}
	for _, v := range spec.Volumes {
		if v.Secret != nil {
			secrets[v.Name] = v.Secret.SecretName
		}
	}
	found := false
	for _, m := range c.VolumeMounts {
		if keyFile != "" && strings.HasPrefix(keyFile, m.MountPath+"/") && secrets[m.Name] != "" && m.ReadOnly {
			found = true
		}
	}
	if !found {
		t.Errorf("--api-key-file=%s is not in a read-only Secret volume (mounts %+v, secrets %v)", keyFile, c.VolumeMounts, secrets)
	}
	hostPaths := 0
	for _, v := range spec.Volumes {
		if v.HostPath != nil {
			hostPaths++
		}
	}
	if hostPaths != 3 {
		t.Errorf("the base's hostPath volumes were lost: %d left", hostPaths)
	}
}

func hasEnv(env []envVar, names ...string) bool {
	for _, n := range names {
		ok := false
		for _, e := range env {
			ok = ok || e.Name == n
		}
		if !ok {
			return false
		}
	}
	return true
}

func dig(m map[string]any, keys ...string) any {
	var v any = m
	for _, k := range keys {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = mm[k]
	}
	return v
}

// mergeStrategic merges patch onto base: maps key by key, lists of maps
// with a "name" by name, anything else replaced.
func mergeStrategic(base, patch any) any {
	switch p := patch.(type) {
	case map[string]any:
		b, ok := base.(map[string]any)
		if !ok {
			return p
		}
		out := map[string]any{}
		for k, v := range b {
			out[k] = v
		}
		for k, v := range p {
			out[k] = mergeStrategic(b[k], v)
		}
		return out
	case []any:
		b, ok := base.([]any)
		if !ok || len(p) == 0 {
			return p
		}
		if first, ok := p[0].(map[string]any); !ok || first["name"] == nil {
			return p
		}
		out := append([]any(nil), b...)
	next:
		for _, pv := range p {
			pm := pv.(map[string]any)
			for i, bv := range out {
				if bm, ok := bv.(map[string]any); ok && bm["name"] == pm["name"] {
					out[i] = mergeStrategic(bm, pm)
					continue next
				}
			}
			out = append(out, pm)
		}
		return out
	}
	return patch
}

// sidecarFlags reads the flag names relevel sidecar defines from its source.
func sidecarFlags(t *testing.T) map[string]bool {
	src, err := os.ReadFile("../cmd/relevel/sidecar.go")
	if err != nil {
		t.Fatal(err)
	}
	flags := map[string]bool{}
	for _, m := range regexp.MustCompile(`fs\.(?:String|Int|Int64|Duration|Bool|Var)\((?:&\w+, )?"([a-z-]+)"`).FindAllStringSubmatch(string(src), -1) {
		flags[m[1]] = true
	}
	if !flags["sink"] || !flags["include"] {
		t.Fatalf("could not read the flags of cmd/relevel/sidecar.go: %v", flags)
	}
	return flags
}
