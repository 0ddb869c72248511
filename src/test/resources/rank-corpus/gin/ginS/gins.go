// Copyright 2014 Manu Martinez-Almeida. All rights reserved.
package ginS
import (
	"html/template"
	"net/http"
	"sync"
	"github.com/gin-gonic/gin"
)
var engine = sync.OnceValue(func() *gin.Engine {
	return gin.Default()
})
func LoadHTMLGlob(pattern string) {
	engine().LoadHTMLGlob(pattern)
}
func LoadHTMLFiles(files ...string) {
	engine().LoadHTMLFiles(files...)
}
func LoadHTMLFS(fs http.FileSystem, patterns ...string) {
	engine().LoadHTMLFS(fs, patterns...)
}
func SetHTMLTemplate(templ *template.Template) {
	engine().SetHTMLTemplate(templ)
}
func NoRoute(handlers ...gin.HandlerFunc) {
	engine().NoRoute(handlers...)
}
func NoMethod(handlers ...gin.HandlerFunc) {
	engine().NoMethod(handlers...)
}
func Group(relativePath string, handlers ...gin.HandlerFunc) *gin.RouterGroup {
	return engine().Group(relativePath, handlers...)
}
func Handle(httpMethod, relativePath string, handlers ...gin.HandlerFunc) gin.IRoutes {
	return engine().Handle(httpMethod, relativePath, handlers...)
}
func POST(relativePath string, handlers ...gin.HandlerFunc) gin.IRoutes {
	return engine().POST(relativePath, handlers...)
}
func GET(relativePath string, handlers ...gin.HandlerFunc) gin.IRoutes {
	return engine().GET(relativePath, handlers...)
}
func DELETE(relativePath string, handlers ...gin.HandlerFunc) gin.IRoutes {
	return engine().DELETE(relativePath, handlers...)
}
func PATCH(relativePath string, handlers ...gin.HandlerFunc) gin.IRoutes {
	return engine().PATCH(relativePath, handlers...)
}
func PUT(relativePath string, handlers ...gin.HandlerFunc) gin.IRoutes {
	return engine().PUT(relativePath, handlers...)
}
func OPTIONS(relativePath string, handlers ...gin.HandlerFunc) gin.IRoutes {
	return engine().OPTIONS(relativePath, handlers...)
}
func HEAD(relativePath string, handlers ...gin.HandlerFunc) gin.IRoutes {
	return engine().HEAD(relativePath, handlers...)
}
func Any(relativePath string, handlers ...gin.HandlerFunc) gin.IRoutes {
	return engine().Any(relativePath, handlers...)
}
func StaticFile(relativePath, filepath string) gin.IRoutes {
	return engine().StaticFile(relativePath, filepath)
}
func Static(relativePath, root string) gin.IRoutes {
	return engine().Static(relativePath, root)
}
func StaticFS(relativePath string, fs http.FileSystem) gin.IRoutes {
	return engine().StaticFS(relativePath, fs)
}
func Use(middlewares ...gin.HandlerFunc) gin.IRoutes {
	return engine().Use(middlewares...)
}
func Routes() gin.RoutesInfo {
	return engine().Routes()
}
func Run(addr ...string) (err error) {
	return engine().Run(addr...)
}
func RunTLS(addr, certFile, keyFile string) (err error) {
	return engine().RunTLS(addr, certFile, keyFile)
}
func RunUnix(file string) (err error) {
	return engine().RunUnix(file)
}
func RunFd(fd int) (err error) {
	return engine().RunFd(fd)
}
