import type {CodeKeywordDefinition} from "../../types"
import {validateSchemaDeps} from "./dependencies"
const def: CodeKeywordDefinition = {
  keyword: "dependentSchemas",
  type: "object",
  schemaType: "object",
  code: (cxt) => validateSchemaDeps(cxt),
}
export default def
