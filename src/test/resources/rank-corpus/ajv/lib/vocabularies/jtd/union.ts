import type {CodeKeywordDefinition} from "../../types"
import {validateUnion} from "../code"
const def: CodeKeywordDefinition = {
  keyword: "union",
  schemaType: "array",
  trackErrors: true,
  code: validateUnion,
  error: {message: "must match a schema in union"},
}
export default def
