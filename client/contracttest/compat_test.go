package contracttest

import (
	"context"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

const compatDoc = `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{},
"components":{"schemas":{
 "Entry":{"type":"object","properties":{"output":{"title":"Output"},"status":{"type":"string"},
   "inner":{"$ref":"#/components/schemas/Inner"}}},
 "Inner":{"type":"object","properties":{"value":{"title":"Value"}}}}}}`

func TestAcceptNullInEmptySchemas(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData([]byte(compatDoc))
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatal(err)
	}
	acceptNullInEmptySchemas(doc)
	entry := doc.Components.Schemas["Entry"].Value
	tests := []struct {
		value any
		ok    bool
	}{
		{map[string]any{"output": nil}, true},
		{map[string]any{"output": "text", "status": "ok"}, true},
		{map[string]any{"output": map[string]any{"a": []any{1.0}}}, true},
		{map[string]any{"inner": map[string]any{"value": nil}}, true},
		{map[string]any{"status": nil}, false},
		{map[string]any{"status": 1.0}, false},
	}
	for _, tt := range tests {
		err := entry.VisitJSON(tt.value, openapi3.EnableJSONSchema2020())
		if (err == nil) != tt.ok {
			t.Errorf("%v: err = %v, want ok %v", tt.value, err, tt.ok)
		}
	}
}
