// List and watch query parameters, parsed and validated as upstream does.

export { parseListOptions, type ListOptions } from '../apimachinery/listoptions.js';
