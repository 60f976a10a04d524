// esbuild's `text` loader turns imported .css files into their source text.
declare module "*.css" {
    const text: string;
    export default text;
}
