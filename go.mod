module github.com/ludorules/ludo

go 1.23
