// The scale layer's public face: what the station imports to read a bench scale and to offer its ports.
export { listSerialPorts, startScale, type Scale, type ScaleOptions, type SerialPortChoice } from './scale';
