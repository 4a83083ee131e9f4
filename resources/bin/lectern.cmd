@echo off
rem `lectern` for people who installed Lectern: the installer puts this folder on the user's PATH
rem (resources\installer.nsh). Runs Lectern.exe itself as the command line (the RunAsNode fuse is off):
rem the app sees --cli, runs the command in its main process and opens no window.
"%~dp0..\..\Lectern.exe" --cli %*
exit /b %ERRORLEVEL%
