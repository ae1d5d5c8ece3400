// The first-launch form's preload: asks the main process to check and save the server address.
import { contextBridge, ipcRenderer } from 'electron';
import { IPC, SETUP_API_GLOBAL, type SetupApi } from './ipc-channels';

const api: SetupApi = {
  current: () => ipcRenderer.invoke(IPC.setupCurrent),
  connect: (address) => ipcRenderer.invoke(IPC.setupConnect, String(address)),
};
contextBridge.exposeInMainWorld(SETUP_API_GLOBAL, api);
