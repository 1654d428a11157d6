// Package deploy holds relevel's Kubernetes manifests; this test reads them
// as Kubernetes would and checks the settings the README promises.
package deploy

import (
	"os"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

type container struct {
	Name string   `yaml:"name"`
	Args []string `yaml:"args"`
	Env  []struct {
		Name string `yaml:"name"`
	} `yaml:"env"`
	LivenessProbe  *probe `yaml:"livenessProbe"`
	ReadinessProbe *probe `yaml:"readinessProbe"`
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
	for _, dir := range []string{"daemonset", "sidecar-example"} {
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
