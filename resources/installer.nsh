; Included by electron-builder's NSIS installer (builder-config.ts: nsis.include). Puts the folder
; holding lectern.cmd (resources\bin, see win.extraResources) on the user's PATH at install and
; takes it off at uninstall: per user (HKCU\Environment), so no administrator rights are needed.
; A PATH too long for NSIS's strings is left alone (rewriting it would cut it short); the
; installer says so and the user adds the folder themselves.
!include "WordFunc.nsh"

!define LECTERN_CLI_DIR "$INSTDIR\resources\bin"

!macro customInstall
  ReadRegStr $0 HKCU "Environment" "Path"
  StrLen $1 $0
  IntOp $2 ${NSIS_MAX_STRLEN} - 300
  ${If} $1 > $2
    DetailPrint "PATH is too long to change safely: add ${LECTERN_CLI_DIR} to it to use lectern."
  ${Else}
    ; Once only, also when installing over an earlier version.
    ${WordReplace} "$0" ";${LECTERN_CLI_DIR}" "" "+" $0
    ${If} $0 == ""
      StrCpy $0 "${LECTERN_CLI_DIR}"
    ${ElseIf} $0 != "${LECTERN_CLI_DIR}"
      StrCpy $0 "$0;${LECTERN_CLI_DIR}"
    ${EndIf}
    WriteRegExpandStr HKCU "Environment" "Path" "$0"
    SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000
  ${EndIf}
!macroend

!macro customUnInstall
  ReadRegStr $0 HKCU "Environment" "Path"
  StrLen $1 $0
  IntOp $2 ${NSIS_MAX_STRLEN} - 300
  ${If} $1 <= $2
    ${un.WordReplace} "$0" ";${LECTERN_CLI_DIR}" "" "+" $0
    ${un.WordReplace} "$0" "${LECTERN_CLI_DIR}" "" "+" $0
    WriteRegExpandStr HKCU "Environment" "Path" "$0"
    SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000
  ${EndIf}
!macroend
