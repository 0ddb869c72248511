module example.com/acme

go 1.22
