from angler.cli.main import main

main()
