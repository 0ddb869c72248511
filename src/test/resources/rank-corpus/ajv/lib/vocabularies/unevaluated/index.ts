import type {Vocabulary} from "../../types"
import unevaluatedProperties from "./unevaluatedProperties"
import unevaluatedItems from "./unevaluatedItems"
const unevaluated: Vocabulary = [unevaluatedProperties, unevaluatedItems]
export default unevaluated
