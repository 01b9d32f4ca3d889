package uitest

import (
	"net/http"
	"net/url"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
)

// GoldenCommon is NewCommon with a client built for GoldenURL that reaches srv, so the
// error sentences a golden shows name GoldenURL, not the test server's random port.
func GoldenCommon(t testing.TB, srv *hindsighttest.Server) *common.Common {
	t.Helper()
	target, err := url.Parse(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	c := NewCommon(t, nil)
	cl, err := client.New(GoldenURL, client.WithHTTPClient(&http.Client{Transport: toServer{target}}))
	if err != nil {
		t.Fatal(err)
	}
	c.Client, c.BaseURL = cl, GoldenURL
	return c
}

// toServer sends every request to target, whatever host the client names.
type toServer struct{ target *url.URL }

func (ts toServer) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Scheme, req.URL.Host = ts.target.Scheme, ts.target.Host
	return http.DefaultTransport.RoundTrip(req)
}
