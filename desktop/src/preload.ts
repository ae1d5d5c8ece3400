// The admin window's preload (sandboxed: only `electron`'s renderer modules are available).
import { contextBridge, ipcRenderer } from 'electron';
import { DESKTOP_API_GLOBAL } from '@wishwell/shared/desktop-api';
import { createDesktopApi } from './preload-api';

contextBridge.exposeInMainWorld(DESKTOP_API_GLOBAL, createDesktopApi(ipcRenderer));
