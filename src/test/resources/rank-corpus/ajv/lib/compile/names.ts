import {Name} from "./codegen"
const names = {
  data: new Name("data"),
  valCxt: new Name("valCxt"),
  instancePath: new Name("instancePath"),
  parentData: new Name("parentData"),
  parentDataProperty: new Name("parentDataProperty"),
  rootData: new Name("rootData"),
  dynamicAnchors: new Name("dynamicAnchors"),
  vErrors: new Name("vErrors"),
  errors: new Name("errors"),
  this: new Name("this"),
  self: new Name("self"),
  scope: new Name("scope"),
  json: new Name("json"),
  jsonPos: new Name("jsonPos"),
  jsonLen: new Name("jsonLen"),
  jsonPart: new Name("jsonPart"),
}
export default names
