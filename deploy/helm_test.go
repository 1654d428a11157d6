package deploy

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	sigsyaml "sigs.k8s.io/yaml"
)

// chart is the Helm chart, relative to this package.
const chart = "helm/relevel"

// kubeVersion is the cluster version the chart is rendered for: a Helm
// built from its module without release ldflags assumes v1.20, below the
// chart's kubeVersion.
const kubeVersion = "1.34.0"

// helmBin finds the Helm CLI the way make test provides it: $HELM, else
// the one `make helm` caches in the Go bin directory. Without one the
// chart's tests fail under CI and are skipped, loudly, elsewhere.
func helmBin(t *testing.T) string {
	t.Helper()
	p := os.Getenv("HELM")
	if p == "" {
		if out, err := exec.Command("go", "env", "GOPATH").Output(); err == nil {
			if m, _ := filepath.Glob(filepath.Join(strings.TrimSpace(string(out)), "bin", "helm-v*")); len(m) > 0 {
				p = m[len(m)-1]
			}
		}
	}
	if p == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("no Helm CLI: run `make helm` (make test does)")
		}
		t.Skip("SKIPPED: no Helm CLI (set HELM, or run `make helm`); the chart is not tested")
	}
	return p
}

// render runs `helm template` with the values given as YAML; it returns
// the manifests, or the error Helm printed.
func render(t *testing.T, values string) ([]byte, error) {
	t.Helper()
	vf := filepath.Join(t.TempDir(), "values.yaml")
	if err := os.WriteFile(vf, []byte(values), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(helmBin(t), "template", "relevel", chart, "--namespace", "relevel", "--kube-version", kubeVersion, "-f", vf)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%v: %s", err, stderr.Bytes())
	}
	return out, nil
}

// objects splits rendered manifests and decodes each strictly into its
// Kubernetes API type: an unknown or misplaced field is an error, as the
// API server's strict field validation makes it.
type objects struct {
	daemonSet       *appsv1.DaemonSet
	serviceAccounts []corev1.ServiceAccount
	secrets         []corev1.Secret
	services        []corev1.Service
	monitors        map[string]map[string]any // ServiceMonitor, PodMonitor: CRDs, checked by shape
}

func decode(t *testing.T, manifests []byte) objects {
	t.Helper()
	o := objects{monitors: map[string]map[string]any{}}
	for _, doc := range strings.Split(string(manifests), "\n---") {
		if strings.TrimSpace(strings.TrimPrefix(doc, "---")) == "" {
			continue
		}
		var meta struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
		}
		if err := sigsyaml.Unmarshal([]byte(doc), &meta); err != nil {
			t.Fatalf("%v\n%s", err, doc)
		}
		strict := func(v any) {
			t.Helper()
			if err := sigsyaml.UnmarshalStrict([]byte(doc), v); err != nil {
				t.Fatalf("%s: %v\n%s", meta.Kind, err, doc)
			}
		}
		switch meta.APIVersion + " " + meta.Kind {
		case "apps/v1 DaemonSet":
			if o.daemonSet != nil {
				t.Fatal("two DaemonSets")
			}
			o.daemonSet = new(appsv1.DaemonSet)
			strict(o.daemonSet)
		case "v1 ServiceAccount":
			var sa corev1.ServiceAccount
			strict(&sa)
			o.serviceAccounts = append(o.serviceAccounts, sa)
		case "v1 Secret":
			var s corev1.Secret
			strict(&s)
			o.secrets = append(o.secrets, s)
		case "v1 Service":
			var s corev1.Service
			strict(&s)
			o.services = append(o.services, s)
		case "monitoring.coreos.com/v1 ServiceMonitor", "monitoring.coreos.com/v1 PodMonitor":
			var m map[string]any
			strict(&m)
			o.monitors[meta.Kind] = m
		default:
			t.Fatalf("unexpected object %s %s", meta.APIVersion, meta.Kind)
		}
	}
	if o.daemonSet == nil {
		t.Fatal("no DaemonSet rendered")
	}
	return o
}

// kustomizeDaemonSet is deploy/daemonset's DaemonSet, with the datadog
// overlay merged when datadog is set, decoded as the chart's is.
func kustomizeDaemonSet(t *testing.T, datadog bool) *appsv1.DaemonSet {
	t.Helper()
	var base map[string]any
	load(t, "daemonset/daemonset.yaml", &base)
	if datadog {
		var patch map[string]any
		load(t, "datadog/direct-shipping.yaml", &patch)
		base = mergeStrategic(base, patch).(map[string]any)
	}
	b, err := sigsyaml.Marshal(base)
	if err != nil {
		t.Fatal(err)
	}
	ds := new(appsv1.DaemonSet)
	if err := sigsyaml.UnmarshalStrict(b, ds); err != nil {
		t.Fatal(err)
	}
	return ds
}

// The chart with the values that say what a kustomization says renders the
// same pod: the same args (flags), env, probes, resources, security
// context, volumes, tolerations and priority. Only the image reference and
// the labels differ (Helm's standard labels, the chart's version as tag).
func TestChartMatchesKustomize(t *testing.T) {
	cases := []struct {
		name    string
		values  string
		datadog bool
	}{
		{"stdout", "", false},
		{"datadog", `
sink: datadog
clusterName: my-cluster
datadog:
  site: datadoghq.com
  apiKeyExistingSecret: datadog-api-key
`, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := render(t, c.values)
			if err != nil {
				t.Fatal(err)
			}
			got := decode(t, out).daemonSet.Spec.Template.Spec
			want := kustomizeDaemonSet(t, c.datadog).Spec.Template.Spec
			if len(got.Containers) != 1 || len(want.Containers) != 1 {
				t.Fatalf("containers: chart %d, kustomize %d", len(got.Containers), len(want.Containers))
			}
			gc, wc := got.Containers[0], want.Containers[0]
			if !strings.HasPrefix(gc.Image, "ghcr.io/relevel/relevel:") || gc.ImagePullPolicy != corev1.PullIfNotPresent {
				t.Errorf("image %q pull %q", gc.Image, gc.ImagePullPolicy)
			}
			gc.Image, gc.ImagePullPolicy, wc.Image = "", "", ""
			if !reflect.DeepEqual(gc, wc) {
				gy, _ := sigsyaml.Marshal(gc)
				wy, _ := sigsyaml.Marshal(wc)
				t.Errorf("the chart's container differs from kustomize's\nchart:\n%s\nkustomize:\n%s", gy, wy)
			}
			got.Containers, want.Containers = nil, nil
			// The ServiceAccount's name is the release's; kustomize names it "relevel" as does the release here.
			if !reflect.DeepEqual(got, want) {
				gy, _ := sigsyaml.Marshal(got)
				wy, _ := sigsyaml.Marshal(want)
				t.Errorf("the chart's pod differs from kustomize's\nchart:\n%s\nkustomize:\n%s", gy, wy)
			}
		})
	}
}

// Values a user sets come out where they belong, and each value set
// renders objects the API would accept.
func TestChartValues(t *testing.T) {
	t.Run("api key value creates the Secret", func(t *testing.T) {
		out, err := render(t, "sink: datadog\ndatadog:\n  apiKey: abc123\n  site: datadoghq.eu\n")
		if err != nil {
			t.Fatal(err)
		}
		o := decode(t, out)
		if len(o.secrets) != 1 || string(o.secrets[0].Data["api-key"]) != "abc123" {
			t.Fatalf("secrets %+v", o.secrets)
		}
		spec := o.daemonSet.Spec.Template.Spec
		var secretVol string
		for _, v := range spec.Volumes {
			if v.Secret != nil {
				secretVol = v.Secret.SecretName
			}
		}
		if secretVol != o.secrets[0].Name {
			t.Errorf("the pod mounts Secret %q, the chart created %q", secretVol, o.secrets[0].Name)
		}
		if !hasEnvValue(spec.Containers[0].Env, "DD_SITE", "datadoghq.eu") {
			t.Errorf("env %+v: no DD_SITE=datadoghq.eu", spec.Containers[0].Env)
		}
		if o.daemonSet.Spec.Template.Annotations["checksum/api-key"] == "" {
			t.Error("a key given as a value does not roll the pods when it changes")
		}
		if bytes.Contains(out, []byte("abc123")) {
			t.Error("the API key appears in clear in the rendered manifests")
		}
	})
	t.Run("scheduling filters tags and resources", func(t *testing.T) {
		out, err := render(t, `
sink: datadog
datadog: {apiKeyExistingSecret: dd}
tags: ["team:infra", "env:prod"]
exclude: ["/var/log/pods/kube-system_*/*/*.log"]
extraArgs: ["--stderr-level=info"]
nodeSelector: {kubernetes.io/os: linux}
affinity:
  nodeAffinity:
    requiredDuringSchedulingIgnoredDuringExecution:
      nodeSelectorTerms:
        - matchExpressions: [{key: node.kubernetes.io/instance-type, operator: Exists}]
tolerations: []
priorityClassName: ""
updateStrategy: {type: RollingUpdate, rollingUpdate: {maxUnavailable: 10%}}
resources: {limits: {memory: 512Mi}}
stateDir: /var/lib/relevel-prod
serviceAccount: {create: false, name: logs-reader}
`)
		if err != nil {
			t.Fatal(err)
		}
		o := decode(t, out)
		spec := o.daemonSet.Spec.Template.Spec
		args := spec.Containers[0].Args
		for _, a := range []string{"--tags=team:infra,env:prod", "--exclude=/var/log/pods/kube-system_*/*/*.log", "--stderr-level=info", "--state-dir=/var/lib/relevel-prod", "--api-key-file=/etc/relevel/datadog/api-key"} {
			if !contains(args, a) {
				t.Errorf("args %q lack %q", args, a)
			}
		}
		if spec.NodeSelector["kubernetes.io/os"] != "linux" || spec.Affinity == nil || spec.Affinity.NodeAffinity == nil {
			t.Errorf("nodeSelector %v affinity %+v", spec.NodeSelector, spec.Affinity)
		}
		if len(spec.Tolerations) != 0 || spec.PriorityClassName != "" {
			t.Errorf("tolerations %v priorityClassName %q, both emptied by the values", spec.Tolerations, spec.PriorityClassName)
		}
		if mu := o.daemonSet.Spec.UpdateStrategy.RollingUpdate; mu == nil || mu.MaxUnavailable.String() != "10%" {
			t.Errorf("updateStrategy %+v", o.daemonSet.Spec.UpdateStrategy)
		}
		if q := spec.Containers[0].Resources.Limits.Memory(); q.String() != "512Mi" || spec.Containers[0].Resources.Requests != nil {
			t.Errorf("resources %+v: the values replace the defaults whole", spec.Containers[0].Resources)
		}
		if spec.ServiceAccountName != "logs-reader" || len(o.serviceAccounts) != 0 {
			t.Errorf("serviceAccountName %q, %d created", spec.ServiceAccountName, len(o.serviceAccounts))
		}
		if len(o.secrets) != 0 {
			t.Error("a Secret was created though an existing one is named")
		}
		var statePath string
		for _, v := range spec.Volumes {
			if v.Name == "state" && v.HostPath != nil {
				statePath = v.HostPath.Path
			}
		}
		if statePath != "/var/lib/relevel-prod" {
			t.Errorf("state hostPath %q", statePath)
		}
	})
	for _, kind := range []string{"ServiceMonitor", "PodMonitor"} {
		t.Run(kind, func(t *testing.T) {
			key := strings.ToLower(kind[:1]) + kind[1:]
			out, err := render(t, fmt.Sprintf("metrics:\n  port: 9191\n  %s:\n    enabled: true\n    labels: {release: prom}\n", key))
			if err != nil {
				t.Fatal(err)
			}
			o := decode(t, out)
			m, ok := o.monitors[kind]
			if !ok {
				t.Fatalf("no %s rendered", kind)
			}
			if dig(m, "metadata", "labels", "release") != "prom" {
				t.Errorf("%s labels: %v", kind, dig(m, "metadata", "labels"))
			}
			c := o.daemonSet.Spec.Template.Spec.Containers[0]
			if !contains(c.Args, "--metrics-addr=:9191") || c.Ports[0].ContainerPort != 9191 {
				t.Errorf("args %q ports %+v", c.Args, c.Ports)
			}
			if kind == "ServiceMonitor" && (len(o.services) != 1 || o.services[0].Spec.Ports[0].Port != 9191) {
				t.Errorf("the ServiceMonitor's Service: %+v", o.services)
			}
		})
	}
}

func hasEnvValue(env []corev1.EnvVar, name, value string) bool {
	for _, e := range env {
		if e.Name == name && e.Value == value {
			return true
		}
	}
	return false
}

// Wrong values fail at install with a message that says what to set, not
// with a pod that cannot start.
func TestChartRefusesBadValues(t *testing.T) {
	for _, c := range []struct{ values, want string }{
		{"sink: datadog\n", "needs an API key"},
		{"sink: datadog\ndatadog: {apiKey: k1, apiKeyExistingSecret: s1}\n", "only one of"},
		{"sink: kafka\n", "sink"},
		{"includes: [/x]\n", "includes"},
		{"metrics: {serviceMonitor: {enabled: true}, podMonitor: {enabled: true}}\n", "not both"},
		{"stateDir: relative/dir\n", "stateDir"},
	} {
		if _, err := render(t, c.values); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("values %q: error %v, want one that says %q", c.values, err, c.want)
		}
	}
}

// The install notes render for both sinks (a template error there fails
// only at install) and give the Datadog chart values that stop the Agent
// collecting the same lines twice. helm template does not render
// NOTES.txt, and helm install --dry-run needs a cluster, so the test renders
// a copy of the chart whose extra template holds the notes in a ConfigMap.
func TestChartNotes(t *testing.T) {
	notes, err := os.ReadFile(filepath.Join(chart, "templates", "NOTES.txt"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "relevel")
	if err := os.CopyFS(dir, os.DirFS(chart)); err != nil {
		t.Fatal(err)
	}
	defs := "{{- define \"relevel.notes\" -}}\n" + string(notes) + "\n{{- end -}}\n"
	show := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: notes\ndata:\n  notes: |\n{{ include \"relevel.notes\" . | indent 4 }}\n"
	for name, body := range map[string]string{"_notes.tpl": defs, "zz-notes.yaml": show} {
		if err := os.WriteFile(filepath.Join(dir, "templates", name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		set  []string
		want []string
	}{
		{nil, []string{"stdout sink", `containerExcludeLogs: "name:.*"`, `containerIncludeLogs: "kube_namespace:^relevel$"`}},
		{[]string{"--set", "sink=datadog", "--set", "datadog.apiKeyExistingSecret=dd", "--set", "datadog.site=datadoghq.eu"},
			[]string{"datadog sink", "https://http-intake.logs.datadoghq.eu", "Secret dd", `containerExcludeLogs: "name:.*"`}},
	} {
		args := append([]string{"template", "relevel", dir, "--namespace", "relevel", "--kube-version", kubeVersion, "--show-only", "templates/zz-notes.yaml"}, c.set...)
		out, err := exec.Command(helmBin(t), args...).CombinedOutput()
		if err != nil {
			t.Fatalf("helm %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		var cm corev1.ConfigMap
		if err := sigsyaml.UnmarshalStrict(out, &cm); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		for _, w := range c.want {
			if !strings.Contains(cm.Data["notes"], w) {
				t.Errorf("notes with %q lack %q:\n%s", c.set, w, cm.Data["notes"])
			}
		}
	}
}

// helm lint --strict passes on the chart with its defaults and with each
// sink.
func TestChartLint(t *testing.T) {
	for _, set := range [][]string{nil, {"--set", "sink=datadog", "--set", "datadog.apiKeyExistingSecret=dd"}} {
		args := append([]string{"lint", "--strict", "--kube-version", kubeVersion, chart}, set...)
		if out, err := exec.Command(helmBin(t), args...).CombinedOutput(); err != nil {
			t.Errorf("helm %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}
