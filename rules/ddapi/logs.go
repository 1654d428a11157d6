package ddapi

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV2"
)

// Limits of SearchLogs.
const (
	// MaxLogsPage is the most logs Datadog's Logs Search returns in one
	// page (LogsListRequestPage.limit's maximum in the spec).
	MaxLogsPage = 1000
	// DefaultLogsLimit is LogsQuery.Limit's default.
	DefaultLogsLimit = 1000
)

// LogsQuery selects the logs SearchLogs returns.
type LogsQuery struct {
	// Query is in Datadog's log search syntax, e.g. "status:error service:web".
	Query string
	// From and To bound the window as Datadog takes them: "now-1h", "now",
	// RFC 3339 times or epoch milliseconds. "" means now-15m and now.
	From, To string
	// Limit is the most logs to return in all; 0 means DefaultLogsLimit.
	Limit int
	// PageSize is the most logs per request (at most MaxLogsPage); 0 means
	// min(Limit, MaxLogsPage).
	PageSize int
}

// Log is one log as Datadog stores it.
type Log struct {
	ID        string
	Timestamp time.Time
	Message   string
	// Status is the status Datadog stores and shows, e.g. "error".
	Status     string
	Service    string
	Host       string
	Tags       []string
	Attributes map[string]any
}

// Tag returns the value of the first tag key:value, or "".
func (l Log) Tag(key string) string {
	for _, t := range l.Tags {
		if k, v, ok := strings.Cut(t, ":"); ok && k == key {
			return v
		}
	}
	return ""
}

// LogsResult is what SearchLogs found.
type LogsResult struct {
	Logs []Log
	// More reports that more logs matched than Limit: Logs is the first
	// (newest) Limit of them.
	More bool
	// Pages is how many pages were fetched.
	Pages int
}

// SearchLogs pages through Logs Search (POST /api/v2/logs/events/search),
// newest first, until q.Limit logs or the last page. Each page is a call
// with the client's policy: 429 is retried after X-RateLimit-Reset (at most
// the configured retries), 5xx retried with backoff; a 403 says whether the
// API key or the application key's logs_read_data permission is at fault.
func (c *Client) SearchLogs(ctx context.Context, q LogsQuery) (LogsResult, error) {
	limit := q.Limit
	if limit <= 0 {
		limit = DefaultLogsLimit
	}
	size := q.PageSize
	if size <= 0 {
		size = min(limit, MaxLogsPage)
	}
	if size > MaxLogsPage {
		return LogsResult{}, fmt.Errorf("ddapi: a page holds at most %d logs, not %d", MaxLogsPage, size)
	}
	filter := datadogV2.NewLogsQueryFilterWithDefaults()
	if q.Query != "" {
		filter.SetQuery(q.Query)
	}
	if q.From != "" {
		filter.SetFrom(q.From)
	}
	if q.To != "" {
		filter.SetTo(q.To)
	}
	var res LogsResult
	cursor := ""
	for len(res.Logs) < limit {
		page := datadogV2.NewLogsListRequestPage()
		page.SetLimit(int32(min(size, limit-len(res.Logs))))
		if cursor != "" {
			page.SetCursor(cursor)
		}
		body := datadogV2.LogsListRequest{Filter: filter, Page: page, Sort: datadogV2.LOGSSORT_TIMESTAMP_DESCENDING.Ptr()}
		var resp datadogV2.LogsListResponse
		err := c.call(ctx, opListLogs, nil, func(actx context.Context) (*http.Response, error) {
			r, hr, err := c.logs.ListLogs(actx, *datadogV2.NewListLogsOptionalParameters().WithBody(body))
			resp = r
			return hr, err
		})
		if err != nil {
			return res, err
		}
		res.Pages++
		for _, d := range resp.Data {
			res.Logs = append(res.Logs, fromV2(d))
		}
		cursor = ""
		if m, ok := resp.GetMetaOk(); ok && m.Page != nil {
			cursor = m.Page.GetAfter()
		}
		if cursor == "" || len(resp.Data) == 0 {
			return res, nil
		}
	}
	res.More = true
	return res, nil
}

func fromV2(d datadogV2.Log) Log {
	l := Log{ID: d.GetId()}
	a, ok := d.GetAttributesOk()
	if !ok {
		return l
	}
	l.Message, l.Status, l.Service, l.Host = a.GetMessage(), a.GetStatus(), a.GetService(), a.GetHost()
	l.Tags, l.Attributes = a.Tags, a.Attributes
	if a.Timestamp != nil {
		l.Timestamp = *a.Timestamp
	}
	return l
}

var relativeTime = regexp.MustCompile(`^now(?:-\d+[smhdw])?$`)

// CheckTime reports whether v is a window bound Logs Search takes: now,
// now-<n><s|m|h|d|w>, an RFC 3339 time or epoch milliseconds. Checking it
// before asking Datadog turns a typo into a clear message instead of a 400.
func CheckTime(v string) error {
	if relativeTime.MatchString(v) {
		return nil
	}
	if _, err := time.Parse(time.RFC3339Nano, v); err == nil {
		return nil
	}
	if _, err := strconv.ParseInt(v, 10, 64); err == nil {
		return nil
	}
	return fmt.Errorf("%q is not now, now-<n><s|m|h|d|w> (e.g. now-15m), an RFC 3339 time or epoch milliseconds", v)
}
