package ddapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV1"
)

// Action is what Apply does to the pipeline itself.
type Action string

// Actions.
const (
	ActionCreate Action = "create" // no pipeline has the name: POST it
	ActionUpdate Action = "update" // it exists and differs: PUT it in place
	ActionNone   Action = "none"   // it exists and matches
)

// PlanOptions tune Plan and Apply.
type PlanOptions struct {
	// NoOrder leaves the pipeline order alone. By default the pipeline is
	// moved to the front: only the first status remapper that applies to a
	// log counts, across all pipelines.
	NoOrder bool
}

// OrderPlan is the pipeline-order part of a Plan.
type OrderPlan struct {
	// Managed is false when PlanOptions.NoOrder was set; nothing else is
	// filled then.
	Managed bool
	// Change is true when the pipeline is not first and Apply will move it.
	Change bool
	// Position is the pipeline's index in Current; -1 when it is absent
	// (not created yet, or not yet listed in the order).
	Position int
	// Current is the order as Datadog has it.
	Current []string
}

// Plan is what Apply would do.
type Plan struct {
	Action Action
	// ID of the existing pipeline; "" for ActionCreate.
	ID string
	// Current is the pipeline as Datadog has it; nil for ActionCreate.
	Current *datadogV1.LogsPipeline
	// Desired is the body Apply sends (read-only fields cleared).
	Desired datadogV1.LogsPipeline
	// Diff is a unified diff of the normalised JSON, from Current to
	// Desired; "" when they match.
	Diff string
	// Order says whether the pipeline must move to the front.
	Order OrderPlan
	// Warnings flag likely mistakes that are not errors, such as a disabled
	// processor (the Go client's constructors default is_enabled to false).
	Warnings []string
}

// Changed reports whether Apply would write anything.
func (p *Plan) Changed() bool { return p.Action != ActionNone || p.Order.Change }

// String is a short human-readable account followed by the diff.
func (p *Plan) String() string {
	var b strings.Builder
	name := p.Desired.Name
	switch p.Action {
	case ActionCreate:
		fmt.Fprintf(&b, "create pipeline %q\n", name)
	case ActionUpdate:
		fmt.Fprintf(&b, "update pipeline %q (%s) in place\n", name, p.ID)
	default:
		fmt.Fprintf(&b, "pipeline %q (%s) is up to date\n", name, p.ID)
	}
	switch {
	case !p.Order.Managed:
		b.WriteString("pipeline order: left alone\n")
	case p.Order.Change && p.Order.Position < 0:
		b.WriteString("pipeline order: put it first\n")
	case p.Order.Change:
		fmt.Fprintf(&b, "pipeline order: move it from position %d to first\n", p.Order.Position+1)
	default:
		b.WriteString("pipeline order: already first\n")
	}
	for _, w := range p.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	b.WriteString(p.Diff)
	return b.String()
}

// Result is what Apply did.
type Result struct {
	Action Action
	ID     string
	// Pipeline is the pipeline as Datadog answered it.
	Pipeline datadogV1.LogsPipeline
	// OrderChanged is true when the pipeline order was written.
	OrderChanged bool
	Plan         *Plan
}

// Plan compares desired with the pipeline of the same name in Datadog.
// Fields Datadog adds (id, type, is_read_only) and fields stated at their
// API default (is_enabled:false, support_rules:"", samples:[] …) do not
// count as differences.
func (c *Client) Plan(ctx context.Context, desired datadogV1.LogsPipeline, opts PlanOptions) (*Plan, error) {
	if strings.TrimSpace(desired.Name) == "" {
		return nil, errors.New("ddapi: the desired pipeline has no name")
	}
	p := &Plan{Desired: requestBody(desired), Order: OrderPlan{Position: -1}, Warnings: warnings(desired)}
	want, err := canonicalJSON(p.Desired)
	if err != nil {
		return nil, err
	}
	current, err := c.FindByName(ctx, desired.Name)
	switch {
	case errors.Is(err, ErrNotFound):
		p.Action = ActionCreate
		p.Diff, err = jsonDiff("datadog: (none)", "desired: "+desired.Name, nil, want)
		if err != nil {
			return nil, err
		}
	case err != nil:
		return nil, err
	default:
		p.ID = current.GetId()
		p.Current = &current
		have, err := canonicalJSON(current)
		if err != nil {
			return nil, err
		}
		p.Diff, err = jsonDiff(fmt.Sprintf("datadog: %s (%s)", current.Name, p.ID), "desired: "+desired.Name, have, want)
		if err != nil {
			return nil, err
		}
		p.Action = ActionUpdate
		if p.Diff == "" {
			p.Action = ActionNone
		}
	}
	if !opts.NoOrder {
		p.Order.Managed = true
		order, err := c.Order(ctx)
		if err != nil {
			return nil, err
		}
		p.Order.Current = order
		if p.ID != "" {
			p.Order.Position = slices.Index(order, p.ID)
		}
		p.Order.Change = p.Order.Position != 0
	}
	return p, nil
}

// Apply makes Datadog's pipeline match desired: it creates it, or updates
// it in place (a PUT replaces the whole pipeline), or leaves it; then,
// unless opts.NoOrder, it moves it to the front of the pipeline order.
// Applying the same pipeline twice writes nothing the second time.
func (c *Client) Apply(ctx context.Context, desired datadogV1.LogsPipeline, opts PlanOptions) (*Result, error) {
	plan, err := c.Plan(ctx, desired, opts)
	if err != nil {
		return nil, err
	}
	res := &Result{Action: plan.Action, ID: plan.ID, Plan: plan}
	switch plan.Action {
	case ActionCreate:
		var got datadogV1.LogsPipeline
		err = c.call(ctx, opCreate, &plan.Desired, func(ctx context.Context) (r *http.Response, err error) {
			got, r, err = c.pipelines.CreateLogsPipeline(ctx, plan.Desired)
			return r, err
		})
		if err != nil {
			return nil, err
		}
		res.ID, res.Pipeline = got.GetId(), got
		if res.ID == "" {
			return nil, fmt.Errorf("ddapi: %s: Datadog answered without a pipeline id", opCreate)
		}
	case ActionUpdate:
		var got datadogV1.LogsPipeline
		err = c.call(ctx, opUpdate, &plan.Desired, func(ctx context.Context) (r *http.Response, err error) {
			got, r, err = c.pipelines.UpdateLogsPipeline(ctx, plan.ID, plan.Desired)
			return r, err
		})
		if err != nil {
			return nil, err
		}
		res.Pipeline = got
	default:
		res.Pipeline = *plan.Current
	}
	if plan.Order.Managed && plan.Order.Change {
		res.OrderChanged, err = c.MoveToFront(ctx, res.ID)
		if err != nil {
			return res, err
		}
	}
	return res, nil
}

// Get returns the pipeline with id; errors.Is(err, ErrNotFound) when there
// is none.
func (c *Client) Get(ctx context.Context, id string) (datadogV1.LogsPipeline, error) {
	var p datadogV1.LogsPipeline
	err := c.call(ctx, opGet, nil, func(ctx context.Context) (r *http.Response, err error) {
		p, r, err = c.pipelines.GetLogsPipeline(ctx, id)
		return r, err
	})
	return p, err
}

// List returns every pipeline of the organisation.
func (c *Client) List(ctx context.Context) ([]datadogV1.LogsPipeline, error) {
	var ps []datadogV1.LogsPipeline
	err := c.call(ctx, opList, nil, func(ctx context.Context) (r *http.Response, err error) {
		ps, r, err = c.pipelines.ListLogsPipelines(ctx)
		return r, err
	})
	return ps, err
}

// FindByName returns the pipeline called name. It fails with ErrNotFound
// when there is none, ErrAmbiguous when there are several, and ErrReadOnly
// when it is a read-only (integration) pipeline.
func (c *Client) FindByName(ctx context.Context, name string) (datadogV1.LogsPipeline, error) {
	all, err := c.List(ctx)
	if err != nil {
		return datadogV1.LogsPipeline{}, err
	}
	var found []datadogV1.LogsPipeline
	for _, p := range all {
		if p.Name == name {
			found = append(found, p)
		}
	}
	switch len(found) {
	case 0:
		return datadogV1.LogsPipeline{}, fmt.Errorf("%w: no pipeline is named %q", ErrNotFound, name)
	case 1:
	default:
		var ids []string
		for _, p := range found {
			ids = append(ids, p.GetId())
		}
		return datadogV1.LogsPipeline{}, fmt.Errorf("%w: %q is the name of %s; rename or delete all but one", ErrAmbiguous, name, strings.Join(ids, ", "))
	}
	if found[0].GetIsReadOnly() {
		return found[0], fmt.Errorf("%w: %q (%s) cannot be changed through the API; give relevel's pipeline another name", ErrReadOnly, name, found[0].GetId())
	}
	return found[0], nil
}

// Delete deletes the pipeline with id. errors.Is(err, ErrNotFound) when
// there is none (Datadog answers 400).
func (c *Client) Delete(ctx context.Context, id string) error {
	return c.call(ctx, opDelete, nil, func(ctx context.Context) (*http.Response, error) {
		return c.pipelines.DeleteLogsPipeline(ctx, id)
	})
}

// Order returns the pipeline order: pipeline ids, first processed first.
func (c *Client) Order(ctx context.Context) ([]string, error) {
	var o datadogV1.LogsPipelinesOrder
	err := c.call(ctx, opGetOrder, nil, func(ctx context.Context) (r *http.Response, err error) {
		o, r, err = c.pipelines.GetLogsPipelineOrder(ctx)
		return r, err
	})
	return o.PipelineIds, err
}

// MoveToFront puts pipeline id first in the pipeline order, keeping the
// others in their order. It reads the order first and writes it back only
// when it changes; an id missing from the order (a pipeline created a
// moment ago) is added at the front. It reports whether it wrote.
func (c *Client) MoveToFront(ctx context.Context, id string) (bool, error) {
	for attempt := 0; ; attempt++ {
		order, err := c.Order(ctx)
		if err != nil {
			return false, err
		}
		if len(order) > 0 && order[0] == id {
			return false, nil
		}
		next := append([]string{id}, slices.DeleteFunc(slices.Clone(order), func(x string) bool { return x == id })...)
		body := datadogV1.LogsPipelinesOrder{PipelineIds: next}
		err = c.call(ctx, opUpdateOrder, nil, func(ctx context.Context) (r *http.Response, err error) {
			_, r, err = c.pipelines.UpdateLogsPipelineOrder(ctx, body)
			return r, err
		})
		// 422: the order no longer matches the pipelines (someone added or
		// deleted one meanwhile). Read it again, once.
		var ae *APIError
		if err != nil && attempt == 0 && errors.As(err, &ae) && ae.Status == http.StatusUnprocessableEntity {
			continue
		}
		return err == nil, err
	}
}

// jsonDiff diffs two canonical pipelines rendered as indented JSON.
func jsonDiff(from, to string, a, b map[string]any) (string, error) {
	render := func(m map[string]any) (string, error) {
		if m == nil {
			return "", nil
		}
		out, err := json.MarshalIndent(m, "", "  ")
		if err != nil {
			return "", err
		}
		return string(out) + "\n", nil
	}
	as, err := render(a)
	if err != nil {
		return "", err
	}
	bs, err := render(b)
	if err != nil {
		return "", err
	}
	return unifiedDiff(from, to, as, bs), nil
}

// warnings flags a disabled pipeline or processor: the API and the Go
// client's constructors default is_enabled to false.
func warnings(p datadogV1.LogsPipeline) []string {
	var out []string
	if !p.GetIsEnabled() {
		out = append(out, fmt.Sprintf("pipeline %q is disabled (is_enabled is not true): Datadog will not run it", p.Name))
	}
	for _, in := range processorInfos(&p) {
		raw, _ := json.Marshal(p.Processors[in.index])
		var m struct {
			IsEnabled bool `json:"is_enabled"`
		}
		_ = json.Unmarshal(raw, &m)
		if !m.IsEnabled {
			out = append(out, in.String()+" is disabled (is_enabled is not true; the Go client's constructors set it to false)")
		}
	}
	return out
}
