package contracttest

import "github.com/getkin/kin-openapi/openapi3"

// anyJSONType lists every JSON type, null included: what an empty schema accepts.
var anyJSONType = openapi3.Types{openapi3.TypeArray, openapi3.TypeBoolean, openapi3.TypeInteger,
	openapi3.TypeNumber, openapi3.TypeObject, openapi3.TypeString, openapi3.TypeNull}

// acceptNullInEmptySchemas spells out what an empty schema ({} plus annotations such as
// a title) means in OpenAPI 3.1: any value, null included. kin-openapi validates this
// document's schemas, which use internal references, with its 3.0 rules, under which
// null needs "nullable"; fields the spec leaves open, such as LLMRequestEntry.output
// (null when the call failed), would then be reported as violations although the
// server and the spec agree.
func acceptNullInEmptySchemas(doc *openapi3.T) {
	seen := map[*openapi3.Schema]bool{}
	var visit func(ref *openapi3.SchemaRef)
	visit = func(ref *openapi3.SchemaRef) {
		if ref == nil || ref.Value == nil || seen[ref.Value] {
			return
		}
		s := ref.Value
		seen[s] = true
		if s.IsEmpty() && len(s.AnyOf)+len(s.OneOf)+len(s.AllOf) == 0 {
			types := append(openapi3.Types{}, anyJSONType...)
			s.Type = &types
			return
		}
		for _, p := range s.Properties {
			visit(p)
		}
		for _, group := range []openapi3.SchemaRefs{s.AnyOf, s.OneOf, s.AllOf} {
			for _, sub := range group {
				visit(sub)
			}
		}
		visit(s.Items)
		visit(s.Not)
		visit(s.AdditionalProperties.Schema)
	}
	if doc.Components == nil {
		return
	}
	for _, ref := range doc.Components.Schemas {
		visit(ref)
	}
}
